// One part of the profile page: a card with its heading (an h2 the page outline lists) and what it is for.
import { useId, type ReactNode } from 'react';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { cn } from '@ringwise/ui/cn';
import { Input, type InputProps } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';

export function ProfileSection({ title, description, danger = false, children }: { title: string; description: ReactNode; danger?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" className={cn('sh:min-w-0', danger && 'sh:border-destructive/60')}>
      <CardHeader className="sh:p-4 sh:sm:p-6">
        <CardTitle asChild className={cn('sh:text-lg', danger && 'sh:text-destructive')}>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="sh:p-4 sh:pt-0 sh:sm:p-6 sh:sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** A form's failure, read out when it appears; `id` lets the field it concerns point at it. */
export function FormError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="sh:text-sm sh:text-destructive sh:break-words">
      {children}
    </p>
  );
}

/** A quiet success line that stays (the toast goes away): read out when it appears. */
export function FormNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="sh:text-sm sh:text-muted-foreground sh:break-words">
      {children}
    </p>
  );
}

/** A labelled field of a profile form; `invalid` marks it while its form shows a problem with it. */
export function ProfileField({ id, label, invalid = false, onValue, ...input }: Omit<InputProps, 'id' | 'onChange'> & { id: string; label: ReactNode; invalid?: boolean; onValue: (value: string) => void }) {
  return (
    <div className="sh:grid sh:gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} onChange={(e) => onValue(e.target.value)} aria-invalid={invalid ? true : undefined} />
    </div>
  );
}

/** A profile form's submit button: marked busy while its request is on its way (not disabled, so it keeps the focus). */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <div>
      <Button type="submit" aria-disabled={pending || undefined}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
