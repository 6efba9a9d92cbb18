import type { ComponentType } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Globe, Laptop, ShieldCheck, Smartphone, Wallet, Zap, type LucideProps } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { Flag } from '@ringwise/ui/flag';
import { formatRate } from '@ringwise/ui/format';
import { PageMeta } from '@ringwise/ui/page-meta';
import { billingNote } from '@ringwise/marketing-content/billing';
import { countryPath } from '@ringwise/marketing-content/rates';
import { FROM_RATE_PER_MINUTE, landingMeta } from '@ringwise/marketing-content/landing-meta';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SiteHeader } from '../../components/site-header.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { DemoDialer } from '../demo-dialer/demo-dialer.tsx';

const stats = [
  { value: '200+', label: 'Countries' },
  { value: formatRate(FROM_RATE_PER_MINUTE), label: 'Per minute' },
  { value: '99.9%', label: 'Uptime' },
] as const;

const features: { title: string; text: string; Icon: ComponentType<LucideProps> }[] = [
  {
    title: 'Browser Calling',
    text: 'Call any mobile or landline straight from your web browser, with nothing to download or install.',
    Icon: Laptop,
  },
  {
    title: 'Pay-as-you-go',
    text: 'Top up your balance and pay only for the minutes you use, with no subscriptions or connection fees.',
    Icon: Wallet,
  },
  {
    title: 'Virtual Numbers',
    text: 'Get a local phone number in 60+ countries so friends, family and customers can reach you.',
    Icon: Smartphone,
  },
  {
    title: 'Secure & Private',
    text: 'Your calls are encrypted, and card payments are handled by a trusted payment provider.',
    Icon: ShieldCheck,
  },
  {
    title: 'Instant Setup',
    text: 'Create an account, add credit and place your first call in under a minute.',
    Icon: Zap,
  },
  {
    title: 'Global Reach',
    text: 'Reach phones in more than 200 countries and territories at low per-minute rates.',
    Icon: Globe,
  },
];

/** Spec §9 "Demo and landing rates", exact per-minute decimals; `example` names the rate the billing note works out. */
const prices = [
  { label: 'US landlines', rate: '0.015000', country: 'United States', code: 'US', example: 'US landline' },
  { label: 'US mobile', rate: '0.025000', country: 'United States', code: 'US' },
  { label: 'UK mobile', rate: '0.032000', country: 'United Kingdom', code: 'GB' },
] as const;
const [exampleRate] = prices;

/** The landing page (/): header, hero with the demo dialer and stats, features, pricing, footer. */
export function LandingView() {
  const origin = useSiteOrigin();
  return (
    <div className="mk:flex mk:min-h-dvh mk:flex-col mk:bg-background mk:text-foreground">
      <PageMeta {...landingMeta(origin)} />
      <SiteHeader />
      <main className="mk:flex-1">
        <Hero />
        <Features />
        <Pricing />
      </main>
      <SiteFooter />
    </div>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="mk:mx-auto mk:grid mk:grid-cols-1 mk:max-w-6xl mk:items-center mk:gap-12 mk:px-4 mk:py-12 mk:md:py-20 mk:lg:grid-cols-2"
    >
      <div className="mk:text-center mk:lg:text-left">
        <p className="mk:inline-flex mk:rounded-full mk:bg-accent mk:px-3 mk:py-1 mk:text-sm mk:font-medium mk:text-accent-foreground">
          No subscriptions · No downloads · No connection fees
        </p>
        <h1
          id="hero-title"
          className="mk:mt-5 mk:text-4xl mk:font-extrabold mk:tracking-tight mk:text-balance mk:sm:text-5xl mk:lg:text-6xl"
        >
          Call any phone in the world, right from your browser
        </h1>
        <p className="mk:mx-auto mk:mt-5 mk:max-w-xl mk:text-lg mk:text-muted-foreground mk:lg:mx-0">
          Top up a prepaid balance and call mobiles and landlines in 200+ countries, billed per minute at low
          rates. Sign up in seconds and start talking.
        </p>
        <div className="mk:mt-8 mk:flex mk:flex-col mk:gap-3 mk:sm:flex-row mk:sm:justify-center mk:lg:justify-start">
          <Button asChild size="lg">
            <Link href="/sign-up">
              Get Started Free
              <ArrowRight aria-hidden="true" className="mk:size-4" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/sign-up">
              {/* "Learn More" alone says nothing out of context (screen-reader link lists, search engines) */}
              Learn More<span className="mk:sr-only"> about calling with Ringwise</span>
            </Link>
          </Button>
        </div>
        <dl className="mk:mt-10 mk:grid mk:grid-cols-3 mk:gap-4 mk:border-t mk:border-border mk:pt-8">
          {stats.map(({ value, label }) => (
            <div key={label} className="mk:flex mk:flex-col-reverse mk:gap-1">
              <dt className="mk:text-sm mk:text-muted-foreground">{label}</dt>
              <dd className="mk:text-2xl mk:font-bold mk:tabular-nums mk:sm:text-3xl">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <DemoDialer />
    </section>
  );
}

function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="mk:border-y mk:border-border mk:bg-muted/50">
      <div className="mk:mx-auto mk:max-w-6xl mk:px-4 mk:py-16 mk:md:py-20">
        <div className="mk:mx-auto mk:max-w-2xl mk:text-center">
          <h2 id="features-title" className="mk:text-3xl mk:font-bold mk:tracking-tight mk:text-balance">
            Everything you need to call the world
          </h2>
          <p className="mk:mt-3 mk:text-muted-foreground">
            One simple app in your browser, with the features you expect from a phone.
          </p>
        </div>
        <ul className="mk:mt-10 mk:grid mk:grid-cols-1 mk:gap-4 mk:sm:grid-cols-2 mk:lg:grid-cols-3">
          {features.map(({ title, text, Icon }) => (
            <li key={title}>
              <Card className="mk:h-full">
                <CardHeader>
                  <span className="mk:mb-2 mk:grid mk:size-11 mk:place-items-center mk:rounded-lg mk:bg-accent mk:text-accent-foreground">
                    <Icon aria-hidden="true" className="mk:size-5" />
                  </span>
                  <CardTitle asChild>
                    <h3 className="mk:text-lg">{title}</h3>
                  </CardTitle>
                  <CardDescription className="mk:text-base">{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mk:mx-auto mk:max-w-6xl mk:px-4 mk:py-16 mk:md:py-20">
      <div className="mk:mx-auto mk:max-w-2xl mk:text-center">
        <h2 id="pricing-title" className="mk:text-3xl mk:font-bold mk:tracking-tight mk:text-balance">
          Simple, transparent pricing
        </h2>
        <p className="mk:mt-3 mk:text-balance mk:text-muted-foreground">
          Pay as you go from your prepaid balance, with no subscription. Popular rates per minute:
        </p>
      </div>
      <ul className="mk:mx-auto mk:mt-10 mk:grid mk:grid-cols-1 mk:max-w-4xl mk:gap-4 mk:md:grid-cols-3">
        {prices.map(({ label, rate, country, code }) => (
          <li key={label}>
            <Card className="mk:flex mk:h-full mk:flex-col mk:items-center mk:gap-2 mk:p-6 mk:text-center">
              <Flag code={code} className="mk:h-6 mk:w-9" />
              <h3 className="mk:font-semibold">{label}</h3>
              <p className="mk:text-3xl mk:font-bold mk:tabular-nums">
                {formatRate(rate)}
                <span className="mk:text-base mk:font-medium mk:text-muted-foreground">/min</span>
              </p>
              <Link
                href={countryPath(code)}
                className="mk:mt-auto mk:rounded-sm mk:pt-2 mk:text-sm mk:font-medium mk:text-primary mk:underline-offset-4 mk:hover:underline mk:focus-visible:outline-none mk:focus-visible:ring-2 mk:focus-visible:ring-ring"
              >
                All {country} rates
              </Link>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mk:mt-10 mk:flex mk:flex-col mk:items-center mk:gap-3">
        <Button asChild size="lg">
          <Link href="/sign-up">Start Calling Now</Link>
        </Button>
        <p className="mk:max-w-2xl mk:text-center mk:text-sm mk:text-muted-foreground">
          {billingNote(exampleRate.rate, exampleRate.example)} No subscriptions. No connection fees.
        </p>
      </div>
    </section>
  );
}
