import { Link } from 'wouter';
import { Button } from '@ringwise/ui/button';
import { PageMeta } from '@ringwise/ui/page-meta';

export function NotFoundPage() {
  return (
    <main className="sh:flex sh:min-h-dvh sh:flex-col sh:items-center sh:justify-center sh:gap-4 sh:px-4 sh:text-center">
      <PageMeta title="Page Not Found" description="This page does not exist." noindex />
      <h1 className="sh:text-3xl sh:font-bold">404 Page Not Found</h1>
      <p className="sh:max-w-md sh:text-muted-foreground">
        The page you are looking for does not exist or has moved. Check the address, or head back home.
      </p>
      <Button asChild>
        <Link href="/">Back to Home</Link>
      </Button>
    </main>
  );
}
