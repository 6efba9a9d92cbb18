import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight, ChevronDown, ChevronRight, MapPin, Phone, Smartphone } from 'lucide-react';
import type { CountryDetail, CountryPrefixRate, RateCountry } from '@ringwise/contract/rates';
import { Button } from '@ringwise/ui/button';
import { Card } from '@ringwise/ui/card';
import { Flag } from '@ringwise/ui/flag';
import { formatRate } from '@ringwise/ui/format';
import { PageMeta } from '@ringwise/ui/page-meta';
import { Skeleton } from '@ringwise/ui/skeleton';
import { BILLING_RULE } from '@ringwise/marketing-content/billing';
import { countryPath, lowestRate, perMinute } from '@ringwise/marketing-content/rates';
import {
  DETAILED_PREFIX_LIMIT,
  RATES_PATH,
  RELATED_LIMIT,
  countryBillingNote,
  countryFaq,
  countryMeta,
  countryNotFoundMeta,
  howToCallSteps,
} from '@ringwise/marketing-content/country-content';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SiteHeader } from '../../components/site-header.tsx';
import { dialerPathWithCode } from '../../lib/app-links.ts';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { useSignedIn } from '../../lib/visitor.tsx';

/** Prefixes shown per pricing line; the rest are counted ("+ 12 more"). */
const PREFIXES_SHOWN = 8;

const linkClass =
  'mk:rounded-sm mk:underline-offset-4 mk:hover:underline mk:focus-visible:outline-none mk:focus-visible:ring-2 mk:focus-visible:ring-ring';

/** The public page's frame: header, main content, footer. */
function PublicPage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="mk:flex mk:min-h-dvh mk:flex-col mk:bg-background mk:text-foreground">
      <SiteHeader />
      <main aria-busy={busy || undefined} className="mk:flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** /call/{country}: rates, how to call, detailed pricing, FAQ, related countries, calls to action. */
export function CountryView({ detail }: { detail: CountryDetail }) {
  const origin = useSiteOrigin();
  const { name, callingCode, countryCode } = detail;
  const from = lowestRate(detail.mobileRate, detail.landlineRate);
  return (
    <PublicPage>
      <PageMeta {...countryMeta(detail, origin)} />
      <div className="mk:mx-auto mk:max-w-5xl mk:space-y-14 mk:px-4 mk:py-8 mk:md:space-y-20 mk:md:py-12">
        <div>
          <nav aria-label="Breadcrumb">
            <ol className="mk:flex mk:flex-wrap mk:items-center mk:gap-1.5 mk:text-sm mk:text-muted-foreground">
              <li>
                <Link href={RATES_PATH} className={`${linkClass} mk:hover:text-foreground`}>
                  Rates
                </Link>
              </li>
              <li className="mk:flex mk:items-center mk:gap-1.5">
                <ChevronRight aria-hidden="true" className="mk:size-4" />
                <span aria-current="page" className="mk:font-medium mk:text-foreground">
                  {name}
                </span>
              </li>
            </ol>
          </nav>

          <section aria-labelledby="country-title" className="mk:mt-6">
            <div className="mk:flex mk:items-center mk:gap-4">
              <Flag code={countryCode} eager className="mk:h-10 mk:w-15 mk:rounded-sm mk:md:h-12 mk:md:w-18" />
              <div>
                <h1 id="country-title" className="mk:text-3xl mk:font-extrabold mk:tracking-tight mk:md:text-4xl">
                  Call {name}
                </h1>
                <p className="mk:mt-1 mk:text-muted-foreground">
                  Country code <span className="mk:font-semibold mk:text-foreground">{callingCode}</span>
                  <span aria-hidden="true"> · </span>
                  <span className="mk:sr-only">, ISO code </span>
                  {countryCode}
                </p>
              </div>
            </div>
            <p className="mk:mt-5 mk:max-w-2xl mk:text-lg mk:text-muted-foreground">
              Call mobiles and landlines in {name} straight from your browser
              {from !== null ? `, from ${perMinute(from)}` : ''}. No app, no subscription, no connection fees.
            </p>

            <h2 className="mk:sr-only">Rates per minute</h2>
            <dl className="mk:mt-6 mk:grid mk:max-w-xl mk:grid-cols-2 mk:gap-3 mk:sm:gap-4">
              <RateTile label="Mobile" rate={detail.mobileRate} icon={<Smartphone aria-hidden="true" />} />
              <RateTile label="Landline" rate={detail.landlineRate} icon={<Phone aria-hidden="true" />} />
            </dl>
            <p className="mk:mt-3 mk:max-w-xl mk:text-sm mk:text-muted-foreground">{countryBillingNote(detail)}</p>

            <HeroActions name={name} callingCode={callingCode} />
          </section>
        </div>

        <HowToCall detail={detail} />
        <DetailedPricing name={name} prefixes={detail.prefixes} />
        <Faq detail={detail} />
        <RelatedCountries region={detail.region} related={detail.related} />

        <ClosingCallToAction name={name} callingCode={callingCode} />
      </div>
    </PublicPage>
  );
}

/**
 * Under the rates: sign up or sign in; a signed-in visitor gets the dialer with the country's code filled in
 * and the app's rates instead, two buttons either way, so nothing below moves when the page turns signed in.
 */
function HeroActions({ name, callingCode }: { name: string; callingCode: string }) {
  const signedIn = useSignedIn();
  return (
    <div className="mk:mt-6 mk:flex mk:flex-col mk:gap-3 mk:sm:flex-row">
      <Button asChild size="lg">
        <Link href={signedIn ? dialerPathWithCode(callingCode) : '/sign-up'}>
          {signedIn ? `Call ${name} now` : `Start Calling ${name}`}
          <ArrowRight aria-hidden="true" className="mk:size-4" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        {signedIn ? <Link href={RATES_PATH}>See all rates</Link> : <Link href="/sign-in">I have an account</Link>}
      </Button>
    </div>
  );
}

function ClosingCallToAction({ name, callingCode }: { name: string; callingCode: string }) {
  const signedIn = useSignedIn();
  return (
    <section
      aria-labelledby="country-cta-title"
      className="mk:rounded-xl mk:bg-primary mk:px-6 mk:py-10 mk:text-center mk:text-primary-foreground mk:md:px-12"
    >
      <h2 id="country-cta-title" className="mk:text-2xl mk:font-bold mk:tracking-tight mk:md:text-3xl">
        Ready to call {name}?
      </h2>
      <p className="mk:mx-auto mk:mt-3 mk:max-w-xl">
        {signedIn
          ? `The dialer opens with ${callingCode} filled in: enter the local number and press Call.`
          : 'Sign up free, add credit and make your first call in under a minute.'}
      </p>
      <Button asChild size="lg" variant="secondary" className="mk:mt-6">
        {signedIn ? <Link href={dialerPathWithCode(callingCode)}>Call {name} now</Link> : <Link href="/sign-up">Get Started Free</Link>}
      </Button>
    </section>
  );
}

function RateTile({ label, rate, icon }: { label: string; rate: string | null; icon: ReactNode }) {
  return (
    <div className="mk:flex mk:flex-col-reverse mk:gap-1 mk:rounded-lg mk:border mk:border-border mk:bg-card mk:p-3 mk:shadow-sm mk:sm:p-4">
      <dt className="mk:flex mk:items-center mk:gap-1.5 mk:text-sm mk:text-muted-foreground mk:[&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="mk:text-xl mk:font-bold mk:tabular-nums mk:min-[360px]:text-2xl mk:sm:text-3xl">
        {rate === null ? (
          perMinute(rate)
        ) : (
          <>
            {formatRate(rate)}
            <span className="mk:text-sm mk:font-medium mk:text-muted-foreground mk:sm:text-base">/min</span>
          </>
        )}
      </dd>
    </div>
  );
}

function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mk:text-2xl mk:font-bold mk:tracking-tight mk:md:text-3xl">
      {children}
    </h2>
  );
}

function HowToCall({ detail }: { detail: CountryDetail }) {
  const signedIn = useSignedIn();
  return (
    <section aria-labelledby="how-to-call-title">
      <SectionHeading id="how-to-call-title">How to call {detail.name}</SectionHeading>
      <ol className="mk:mt-6 mk:grid mk:grid-cols-1 mk:gap-4 mk:sm:grid-cols-2 mk:lg:grid-cols-4">
        {howToCallSteps(detail, { signedIn }).map((step, index) => (
          <li key={step.title}>
            <Card className="mk:flex mk:h-full mk:gap-4 mk:p-4 mk:sm:block mk:sm:p-5">
              <span
                aria-hidden="true"
                className="mk:grid mk:size-9 mk:shrink-0 mk:place-items-center mk:rounded-full mk:bg-primary mk:font-bold mk:text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="mk:font-semibold mk:sm:mt-3">
                  <span className="mk:sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mk:mt-1 mk:text-sm mk:text-muted-foreground">{step.text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

function DetailedPricing({ name, prefixes }: { name: string; prefixes: CountryPrefixRate[] }) {
  const lines = prefixes.slice(0, DETAILED_PREFIX_LIMIT);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="detailed-pricing-title">
      <SectionHeading id="detailed-pricing-title">Detailed {name} rates</SectionHeading>
      <p className="mk:mt-2 mk:text-muted-foreground">Rates per minute by destination and dialled prefix. {BILLING_RULE}</p>
      <ul className="mk:mt-6 mk:divide-y mk:divide-border mk:rounded-lg mk:border mk:border-border">
        {lines.map((line, index) => {
          const shown = line.prefixes.slice(0, PREFIXES_SHOWN);
          const more = line.prefixes.length - shown.length;
          return (
            <li
              key={`${line.name}-${line.rate}-${index}`}
              className="mk:flex mk:items-start mk:justify-between mk:gap-4 mk:px-4 mk:py-3"
            >
              <div className="mk:min-w-0">
                <p className="mk:font-medium">{line.name || 'Standard Rate'}</p>
                {shown.length > 0 ? (
                  <p className="mk:mt-0.5 mk:text-xs mk:break-words mk:text-muted-foreground">
                    <span className="mk:sr-only">Prefixes: </span>
                    {shown.map((prefix) => `+${prefix}`).join(', ')}
                    {more > 0 ? ` + ${more} more` : ''}
                  </p>
                ) : null}
              </div>
              <p className="mk:shrink-0 mk:font-semibold mk:tabular-nums">{perMinute(line.rate)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Faq({ detail }: { detail: CountryDetail }) {
  return (
    <section aria-labelledby="faq-title">
      <SectionHeading id="faq-title">Frequently asked questions</SectionHeading>
      <div className="mk:mt-6 mk:divide-y mk:divide-border mk:rounded-lg mk:border mk:border-border">
        {countryFaq(detail).map(({ question, answer }) => (
          <details key={question} className="mk:group mk:px-4">
            <summary className="mk:flex mk:cursor-pointer mk:list-none mk:items-center mk:justify-between mk:gap-4 mk:rounded-sm mk:py-4 mk:font-medium mk:focus-visible:outline-none mk:focus-visible:ring-2 mk:focus-visible:ring-ring mk:[&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                aria-hidden="true"
                className="mk:size-4 mk:shrink-0 mk:text-muted-foreground mk:transition-transform mk:group-open:rotate-180 mk:motion-reduce:transition-none"
              />
            </summary>
            <p className="mk:pb-4 mk:text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

function RelatedCountries({ region, related }: { region: string; related: RateCountry[] }) {
  const countries = related.slice(0, RELATED_LIMIT);
  if (countries.length === 0) return null;
  return (
    <section aria-labelledby="related-title">
      <SectionHeading id="related-title">{region ? `More countries in ${region}` : 'Related countries'}</SectionHeading>
      <ul className="mk:mt-6 mk:grid mk:grid-cols-1 mk:gap-3 mk:sm:grid-cols-2 mk:lg:grid-cols-3">
        {countries.map((country) => {
          const from = lowestRate(country.mobileRate, country.landlineRate);
          return (
            <li key={country.id}>
              <Link
                href={countryPath(country.id)}
                className="mk:flex mk:items-center mk:gap-3 mk:rounded-lg mk:border mk:border-border mk:bg-card mk:p-4 mk:shadow-sm mk:transition-colors mk:hover:bg-accent mk:focus-visible:outline-none mk:focus-visible:ring-2 mk:focus-visible:ring-ring"
              >
                <Flag code={country.id} className="mk:h-5 mk:w-7.5" />
                <span className="mk:min-w-0 mk:flex-1">
                  <span className="mk:block mk:font-medium mk:break-words">Call {country.country}</span>
                  <span className="mk:block mk:text-sm mk:text-muted-foreground">
                    {from !== null ? `from ${perMinute(from)}` : country.callingCode}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="mk:size-4 mk:text-muted-foreground" />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** An unknown country, or a code that is not 2 letters: not indexed. */
export function CountryNotFoundView() {
  return (
    <PublicPage>
      <PageMeta {...countryNotFoundMeta()} />
      <div className="mk:mx-auto mk:flex mk:max-w-md mk:flex-col mk:items-center mk:gap-4 mk:px-4 mk:py-20 mk:text-center">
        <span className="mk:grid mk:size-14 mk:place-items-center mk:rounded-full mk:bg-muted mk:text-muted-foreground">
          <MapPin aria-hidden="true" className="mk:size-6" />
        </span>
        <h1 className="mk:text-3xl mk:font-bold mk:tracking-tight">Country not found</h1>
        <p className="mk:text-muted-foreground">
          We have no rates page for this address. Check the country in the link, or start again from the home
          page.
        </p>
        <Button asChild>
          <Link href="/">Back to Home</Link>
        </Button>
      </div>
    </PublicPage>
  );
}

/** While the country's rates load: the page's shape in skeletons. */
export function CountryLoadingView({ code }: { code: string }) {
  return (
    <PublicPage busy>
      <PageMeta title={`Call ${code}`} canonical={countryPath(code)} />
      <div className="mk:mx-auto mk:max-w-5xl mk:space-y-6 mk:px-4 mk:py-8 mk:md:py-12">
        <p role="status" className="mk:sr-only">
          Loading the rates for {code}…
        </p>
        <Skeleton className="mk:h-4 mk:w-40" />
        <div className="mk:flex mk:items-center mk:gap-4">
          <Skeleton className="mk:size-14 mk:rounded-lg" />
          <div className="mk:space-y-2">
            <Skeleton className="mk:h-9 mk:w-56" />
            <Skeleton className="mk:h-4 mk:w-32" />
          </div>
        </div>
        <Skeleton className="mk:h-5 mk:w-full mk:max-w-2xl" />
        <div className="mk:grid mk:max-w-xl mk:grid-cols-2 mk:gap-4">
          <Skeleton className="mk:h-24" />
          <Skeleton className="mk:h-24" />
        </div>
        <div className="mk:grid mk:grid-cols-1 mk:gap-4 mk:pt-8 mk:sm:grid-cols-2 mk:lg:grid-cols-4">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="mk:h-32" />
          ))}
        </div>
      </div>
    </PublicPage>
  );
}

/** The rates could not be loaded (not a 404): say so and offer a retry. */
export function CountryErrorView({ code, onRetry }: { code: string; onRetry: () => void }) {
  return (
    <PublicPage>
      <PageMeta title="Rates unavailable" noindex />
      <div
        role="alert"
        className="mk:mx-auto mk:flex mk:max-w-md mk:flex-col mk:items-center mk:gap-4 mk:px-4 mk:py-20 mk:text-center"
      >
        <h1 className="mk:text-3xl mk:font-bold mk:tracking-tight">Rates unavailable</h1>
        <p className="mk:text-muted-foreground">
          We could not load the rates for {code}. Check your connection and try again.
        </p>
        <div className="mk:flex mk:flex-col mk:gap-3 mk:sm:flex-row">
          <Button onClick={onRetry}>Try again</Button>
          <Button asChild variant="outline">
            <Link href="/">Back to Home</Link>
          </Button>
        </div>
      </div>
    </PublicPage>
  );
}
