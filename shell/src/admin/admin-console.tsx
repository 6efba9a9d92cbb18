import { Link } from 'wouter';
import { adminSectionTitles as sectionTitles, pageTitleOf, type AdminSection } from '@ringwise/routes';
import { PageMeta } from '@ringwise/ui/page-meta';

export function AdminConsole({ section }: { section: AdminSection | null }) {
  const title = pageTitleOf({ name: 'admin', section }) ?? 'Admin';
  return (
    <section className="sh:space-y-4">
      <PageMeta title={title} noindex />
      <h1 className="sh:text-2xl sh:font-bold">{title}</h1>
      <nav aria-label="Admin sections" className="sh:flex sh:flex-wrap sh:gap-2">
        {Object.entries(sectionTitles).map(([key, label]) => (
          <Link
            key={key}
            href={`/admin/${key}`}
            aria-current={key === section ? 'page' : undefined}
            className="sh:rounded-md sh:border sh:border-border sh:px-3 sh:py-1.5 sh:text-sm sh:hover:bg-accent"
          >
            {label}
          </Link>
        ))}
      </nav>
    </section>
  );
}
