import { Link } from 'wouter';
import { Clock, Globe, Phone, Settings, Users, type LucideIcon } from 'lucide-react';
import type { HomeView } from '@ringwise/routes';

interface Tab {
  view: HomeView;
  label: string;
  href: string;
  icon: LucideIcon;
}

const sideTabs: [Tab, Tab, Tab, Tab] = [
  { view: 'calls', label: 'Calls', href: '/home/calls', icon: Clock },
  { view: 'contacts', label: 'Contacts', href: '/home/contacts', icon: Users },
  { view: 'rates', label: 'Rates', href: '/home/rates', icon: Globe },
  { view: 'settings', label: 'Settings', href: '/home/settings', icon: Settings },
];

/** Five tabs with the Dialer as the raised centre button. /home/transactions is a view without a tab. */
export function BottomNav({ view }: { view: HomeView | null }) {
  const [calls, contacts, rates, settings] = sideTabs;
  const dialerActive = view === 'dialer';
  return (
    <nav
      aria-label="Main"
      className="sh:fixed sh:inset-x-0 sh:bottom-0 sh:z-30 sh:border-t sh:border-border sh:bg-background/95 sh:backdrop-blur"
    >
      <ul className="sh:mx-auto sh:grid sh:h-16 sh:max-w-lg sh:grid-cols-5 sh:items-center">
        <NavTab tab={calls} active={view === 'calls'} />
        <NavTab tab={contacts} active={view === 'contacts'} />
        <li className="sh:flex sh:justify-center">
          <Link
            href="/home"
            aria-label="Dialer"
            aria-current={dialerActive ? 'page' : undefined}
            className={`sh:-mt-8 sh:flex sh:h-14 sh:w-14 sh:items-center sh:justify-center sh:rounded-full sh:bg-primary sh:text-primary-foreground sh:shadow-lg sh:ring-4 ${dialerActive ? 'sh:ring-primary/30' : 'sh:ring-background'}`}
          >
            <Phone aria-hidden className="sh:h-6 sh:w-6" />
          </Link>
        </li>
        <NavTab tab={rates} active={view === 'rates'} />
        <NavTab tab={settings} active={view === 'settings'} />
      </ul>
    </nav>
  );
}

function NavTab({ tab, active }: { tab: Tab; active: boolean }) {
  const Icon = tab.icon;
  return (
    <li>
      <Link
        href={tab.href}
        aria-current={active ? 'page' : undefined}
        className={`sh:flex sh:flex-col sh:items-center sh:gap-1 sh:py-2 sh:text-xs sh:font-medium ${active ? 'sh:text-primary' : 'sh:text-muted-foreground sh:hover:text-foreground'}`}
      >
        <Icon aria-hidden className="sh:h-5 sh:w-5" />
        {tab.label}
      </Link>
    </li>
  );
}
