import { Bell, CreditCard, Hash } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@ringwise/ui/tabs';
import { RemoteSlot } from '../federation/remote-slot.tsx';

const sections = [
  { value: 'billing', label: 'Billing', icon: CreditCard },
  { value: 'numbers', label: 'Numbers', icon: Hash },
  { value: 'notifications', label: 'Notifications', icon: Bell },
] as const;

/** Settings: a sidebar on large screens, tabs on small ones; each section is a remote's widget. */
export function SettingsView() {
  return (
    <section aria-labelledby="settings-title" className="sh:space-y-4">
      <h1 id="settings-title" className="sh:text-2xl sh:font-bold">
        Settings
      </h1>
      <Tabs defaultValue="billing" className="sh:flex sh:flex-col sh:gap-4 sh:lg:flex-row">
        <TabsList className="sh:grid sh:h-auto sh:grid-cols-3 sh:lg:flex sh:lg:w-56 sh:lg:shrink-0 sh:lg:flex-col sh:lg:items-stretch sh:lg:justify-start sh:lg:self-start">
          {sections.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="sh:gap-2 sh:lg:justify-start">
              <Icon aria-hidden className="sh:h-4 sh:w-4 sh:shrink-0" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="sh:min-w-0 sh:flex-1">
          <TabsContent value="billing" className="sh:mt-0">
            <RemoteSlot remote="billing" module="widgets/settings-billing" area="Billing settings" />
          </TabsContent>
          <TabsContent value="numbers" className="sh:mt-0">
            <RemoteSlot remote="numbers" area="Numbers settings" />
          </TabsContent>
          <TabsContent value="notifications" className="sh:mt-0">
            <RemoteSlot remote="billing" module="widgets/settings-notifications" area="Notification settings" />
          </TabsContent>
        </div>
      </Tabs>
    </section>
  );
}
