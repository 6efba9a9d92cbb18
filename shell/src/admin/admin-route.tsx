// /admin*: the console for a user whose role is admin; for anyone else the not-found page, and the console's
// code is never downloaded (the api answers its routes 403 anyway, and the database refuses its reads).
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@ringwise/contract/users';
import type { AdminSection } from '@ringwise/routes';
import { Button } from '@ringwise/ui/button';
import { SignedInShell } from '../layout/signed-in-shell.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PageSpinner } from '../pages/page-spinner.tsx';

const AdminConsole = lazy(() => import('./admin-console.tsx').then((m) => ({ default: m.AdminConsole })));

export function AdminRoute({ section }: { section: AdminSection | null }) {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  if (user.isPending) return <PageSpinner />;
  if (user.isError) {
    return (
      <main className="sh:flex sh:min-h-dvh sh:flex-col sh:items-center sh:justify-center sh:gap-4 sh:px-4 sh:text-center">
        <p role="alert">Your account could not be loaded.</p>
        <Button onClick={() => void user.refetch()}>Retry</Button>
      </main>
    );
  }
  if (user.data.role !== 'admin') return <NotFoundPage />;
  return (
    <SignedInShell view={null}>
      <Suspense fallback={<PageSpinner />}>
        <AdminConsole section={section} />
      </Suspense>
    </SignedInShell>
  );
}
