import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';

export function NumbersSettings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Numbers</h2>
        </CardTitle>
        <CardDescription>Default Caller ID, virtual numbers and verified caller IDs.</CardDescription>
      </CardHeader>
      <CardContent className="nm:text-sm nm:text-muted-foreground">
        Choose the number people see when you call them.
      </CardContent>
    </Card>
  );
}
