import { Link } from 'wouter';
import { Button } from '@ringwise/ui/button';
import { PageMeta } from '@ringwise/ui/page-meta';

/** /call/{country}: the code is two letters, case-insensitive, shown upper-case. */
export function CountryPage({ country }: { country: string }) {
  const code = country.toUpperCase();
  const valid = /^[A-Z]{2}$/.test(code);
  if (!valid) {
    return (
      <main className="mk:flex mk:min-h-dvh mk:flex-col mk:items-center mk:justify-center mk:gap-4 mk:px-4 mk:text-center">
        <PageMeta title="Country not found" noindex />
        <h1 className="mk:text-3xl mk:font-bold">Country not found</h1>
        <Button asChild>
          <Link href="/">Back to Home</Link>
        </Button>
      </main>
    );
  }
  return (
    <main className="mk:mx-auto mk:max-w-4xl mk:px-4 mk:py-10">
      <PageMeta
        title={`Call ${code} from your browser`}
        description={`Rates per minute for calls to ${code} from Ringwise.`}
        canonical={`/call/${country.toLowerCase()}`}
      />
      <nav aria-label="Breadcrumb" className="mk:text-sm mk:text-muted-foreground">
        <Link href="/">Rates</Link> &gt; <span aria-current="page">{code}</span>
      </nav>
      <h1 className="mk:mt-4 mk:text-3xl mk:font-bold">Call {code}</h1>
      <Button asChild className="mk:mt-6">
        <Link href="/sign-up">Start Calling Now</Link>
      </Button>
    </main>
  );
}
