import { PageMeta } from '@ringwise/ui/page-meta';

export function ProfileSettingsPage() {
  return (
    <section className="sh:space-y-2">
      <PageMeta title="Profile Settings" noindex />
      <h1 className="sh:text-2xl sh:font-bold">Profile Settings</h1>
      <p className="sh:text-sm sh:text-muted-foreground">Your name, e-mail and picture.</p>
    </section>
  );
}
