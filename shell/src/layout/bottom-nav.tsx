import { Link } from 'wouter';
import { Clock, Globe, Phone, Settings, Users, type LucideIcon } from 'lucide-react';
import type { HomeView } from '@ringwise/routes';
import { missedBadgeText, missedTabName, useMissedCalls } from './missed-calls.ts';

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

/**
 * Five tabs with the Dialer as the raised centre button, at every width. /home/transactions is a view without a tab.
 * Calls shows how many missed calls are not seen yet, except on Recent Calls itself (which sees them).
 */
export function BottomNav({ view }: { view: HomeView | null }) {
  const [calls, contacts, rates, settings] = sideTabs;
  const dialerActive = view === 'dialer';
  const missed = useMissedCalls();
  return (
    <nav
      aria-label="Main"
      className="sh:fixed sh:inset-x-0 sh:bottom-0 sh:z-30 sh:border-t sh:border-border sh:bg-background/95 sh:backdrop-blur"
    >
      <ul className="sh:mx-auto sh:grid sh:h-16 sh:max-w-lg sh:grid-cols-5 sh:items-center">
        <NavTab tab={calls} active={view === 'calls'} badge={view === 'calls' ? 0 : missed} />
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

function NavTab({ tab, active, badge = 0 }: { tab: Tab; active: boolean; badge?: number }) {
  const Icon = tab.icon;
  return (
    <li>
      <Link
        href={tab.href}
        aria-current={active ? 'page' : undefined}
        aria-label={badge > 0 ? missedTabName(tab.label, badge) : undefined}
        className={`sh:flex sh:flex-col sh:items-center sh:gap-1 sh:py-2 sh:text-xs sh:font-medium ${active ? 'sh:text-primary' : 'sh:text-muted-foreground sh:hover:text-foreground'}`}
      >
        <span className="sh:relative sh:block">
          <Icon aria-hidden className="sh:h-5 sh:w-5" />
          {badge > 0 ? (
            <span
              aria-hidden
              data-testid="missed-calls-badge"
              className="sh:absolute sh:-right-2.5 sh:-top-1.5 sh:h-4 sh:min-w-4 sh:rounded-full sh:bg-destructive sh:px-1 sh:text-center sh:text-[0.625rem] sh:font-semibold sh:leading-4 sh:text-destructive-foreground sh:tabular-nums"
            >
              {missedBadgeText(badge)}
            </span>
          ) : null}
        </span>
        {tab.label}
      </Link>
    </li>
  );
}
