import { Link } from 'wouter';
import { Phone } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { PageMeta } from '@ringwise/ui/page-meta';

const stats = [
  ['200+', 'countries'],
  ['$0.015', 'per minute'],
  ['99.9%', 'uptime'],
] as const;

export function LandingPage() {
  return (
    <div className="mk:min-h-dvh mk:bg-background">
      <PageMeta
        title="Call Any Phone From Your Browser"
        description="Call any phone in 200+ countries straight from your browser. Pay as you go from $0.015 per minute, no subscriptions."
        canonical="/"
      />
      <header className="mk:mx-auto mk:flex mk:max-w-6xl mk:items-center mk:justify-between mk:px-4 mk:py-4">
        <span className="mk:flex mk:items-center mk:gap-2 mk:text-lg mk:font-bold">
          <Phone aria-hidden className="mk:h-5 mk:w-5 mk:text-primary" /> Ringwise
        </span>
        <nav className="mk:flex mk:gap-2">
          <Button asChild variant="ghost">
            <Link href="/sign-in">Sign In</Link>
          </Button>
          <Button asChild>
            <Link href="/sign-up">Get Started</Link>
          </Button>
        </nav>
      </header>
      <main>
        <section className="mk:mx-auto mk:max-w-4xl mk:px-4 mk:py-16 mk:text-center">
          <h1 className="mk:text-4xl mk:font-extrabold mk:tracking-tight mk:md:text-5xl">
            Call any phone in the world, right from your browser
          </h1>
          <p className="mk:mx-auto mk:mt-4 mk:max-w-2xl mk:text-lg mk:text-muted-foreground">
            Pay as you go. No subscriptions, no downloads, no connection fees.
          </p>
          <div className="mk:mt-8 mk:flex mk:justify-center mk:gap-3">
            <Button asChild size="lg">
              <Link href="/sign-up">Get Started Free</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/sign-up">Learn More</Link>
            </Button>
          </div>
        </section>
        <section aria-label="Ringwise in numbers" className="mk:border-y mk:border-border mk:bg-muted/50">
          <dl className="mk:mx-auto mk:grid mk:max-w-4xl mk:grid-cols-3 mk:gap-4 mk:px-4 mk:py-8 mk:text-center">
            {stats.map(([value, label]) => (
              <div key={label}>
                <dt className="mk:text-sm mk:text-muted-foreground">{label}</dt>
                <dd className="mk:order-first mk:text-2xl mk:font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </main>
      <footer className="mk:px-4 mk:py-8 mk:text-center mk:text-sm mk:text-muted-foreground">
        © 2023 Ringwise. All rights reserved.
      </footer>
    </div>
  );
}
