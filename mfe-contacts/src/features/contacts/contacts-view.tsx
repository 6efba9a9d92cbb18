import { Search, UserPlus } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { Input } from '@ringwise/ui/input';
import { Card, CardContent } from '@ringwise/ui/card';

export function ContactsView() {
  return (
    <section aria-labelledby="contacts-title" className="ct:space-y-4">
      <div className="ct:flex ct:items-center ct:justify-between ct:gap-3">
        <h1 id="contacts-title" className="ct:text-2xl ct:font-bold">
          Contacts
        </h1>
        <Button disabled>
          <UserPlus aria-hidden className="ct:h-4 ct:w-4" /> Add Contact
        </Button>
      </div>
      <div className="ct:relative">
        <Search aria-hidden className="ct:absolute ct:left-3 ct:top-3 ct:h-4 ct:w-4 ct:text-muted-foreground" />
        <Input aria-label="Search contacts" placeholder="Search contacts..." className="ct:pl-9" disabled />
      </div>
      <Card>
        <CardContent className="ct:p-6 ct:text-center ct:text-sm ct:text-muted-foreground">
          Your saved contacts appear here.
        </CardContent>
      </Card>
    </section>
  );
}
