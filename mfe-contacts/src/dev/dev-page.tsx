// Dev only: what the standalone page renders. By default the Contacts view (as the shell shows it);
// ?demo=widgets shows the four widgets the dialer and the calls view load from this remote.
import { useState } from 'react';
import type { Contact } from '@ringwise/contract/contacts';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import App from '../exposed/app.tsx';
import ContactMatch from '../exposed/contact-match.tsx';
import ContactPicker from '../exposed/contact-picker.tsx';
import ContactSuggestions from '../exposed/contact-suggestions.tsx';
import SaveContactDialog from '../exposed/save-contact-dialog.tsx';

export function DevPage({ demo }: Record<string, string>) {
  return demo === 'widgets' ? <WidgetsDemo /> : <App />;
}

function WidgetsDemo() {
  const [number, setNumber] = useState('');
  const [chosen, setChosen] = useState<Contact | null>(null);
  const choose = (contact: Contact) => {
    setChosen(contact);
    setNumber(contact.primaryNumber);
  };
  return (
    <div className="ct:mx-auto ct:max-w-sm ct:space-y-8">
      <section aria-labelledby="demo-dialer" className="ct:space-y-3">
        <h1 id="demo-dialer" className="ct:text-xl ct:font-bold">
          Dialer widgets
        </h1>
        <Label htmlFor="demo-number">Phone number</Label>
        <div className="ct:flex ct:gap-2">
          <Input
            id="demo-number"
            type="tel"
            value={number}
            aria-controls="demo-suggestions"
            onChange={(event) => setNumber(event.target.value)}
          />
          <ContactPicker onSelect={choose} />
        </div>
        <ContactSuggestions id="demo-suggestions" query={number} onSelect={choose} />
        <ContactMatch number={number} countryCode="+1" />
        <p className="ct:text-sm ct:text-muted-foreground">Last chosen: {chosen ? chosen.displayName : 'none'}</p>
      </section>
      <section aria-labelledby="demo-calls" className="ct:space-y-3">
        <h2 id="demo-calls" className="ct:text-xl ct:font-bold">
          Recent Calls widget
        </h2>
        <div className="ct:flex ct:items-center ct:justify-between ct:rounded-md ct:border ct:border-border ct:p-3">
          <span className="ct:tabular-nums">+44 7700 900999</span>
          <SaveContactDialog phoneNumber="+447700900999" />
        </div>
      </section>
    </div>
  );
}
