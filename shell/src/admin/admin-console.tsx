// The admin console (issue #14): the section navigation and the section shown. Loaded only for admins.
import { Link } from 'wouter';
import { adminSectionTitles as sectionTitles, pageTitleOf, type AdminSection } from '@ringwise/routes';
import { PageMeta } from '@ringwise/ui/page-meta';
import { CallsSection } from './calls/calls-section.tsx';
import { DashboardSection } from './dashboard/dashboard-section.tsx';
import { FinancialSection } from './financial/financial-section.tsx';
import { RatesSection } from './rates/rates-section.tsx';
import { UsersSection } from './users/users-section.tsx';

const links: Array<{ section: AdminSection | null; href: string; label: string }> = [
  { section: null, href: '/admin', label: 'Dashboard' },
  ...Object.entries(sectionTitles).map(([key, label]) => ({ section: key as AdminSection, href: `/admin/${key}`, label })),
];

export function AdminConsole({ section }: { section: AdminSection | null }) {
  const title = pageTitleOf({ name: 'admin', section }) ?? 'Admin';
  return (
    <section className="sh:min-w-0 sh:space-y-4">
      <PageMeta title={title} noindex />
      <h1 className="sh:text-2xl sh:font-bold">{title}</h1>
      <nav aria-label="Admin sections">
        <ul className="sh:flex sh:flex-wrap sh:gap-2">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={link.section === section ? 'page' : undefined}
                className="sh:inline-block sh:rounded-md sh:border sh:border-border sh:bg-background sh:px-3 sh:py-1.5 sh:text-sm sh:hover:bg-accent sh:focus-visible:outline-none sh:focus-visible:ring-2 sh:focus-visible:ring-ring sh:aria-[current=page]:bg-primary sh:aria-[current=page]:text-primary-foreground"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SectionView section={section} />
    </section>
  );
}

function SectionView({ section }: { section: AdminSection | null }) {
  switch (section) {
    case null:
      return <DashboardSection />;
    case 'users':
      return <UsersSection />;
    case 'financial':
      return <FinancialSection />;
    case 'calls':
      return <CallsSection />;
    case 'rates':
      return <RatesSection />;
  }
}
