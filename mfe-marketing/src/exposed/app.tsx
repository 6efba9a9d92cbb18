import '../styles.css';
import type { MarketingAppProps } from '@ringwise/apps/exposed/marketing';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { CountryPage } from '../features/country/country-page.tsx';
import { LandingView } from '../features/landing/landing-view.tsx';
import { RatesView } from '../features/rates/rates-view.tsx';
import { SiteOriginProvider } from '../lib/site-origin.tsx';
import { VisitorProvider } from '../lib/visitor.tsx';

/** The build this module comes from: the shell hydrates a server-rendered page only with the same build. */
export { buildId } from '../build-id.ts';

export type { MarketingAppProps };

/** The marketing remote: the landing page, the country pages and the in-app rates view. */
function MarketingApp(props: MarketingAppProps) {
  return (
    <SiteOriginProvider origin={props.origin}>
      <VisitorProvider signedIn={props.signedIn}>
        <MarketingPage {...props} />
      </VisitorProvider>
    </SiteOriginProvider>
  );
}

export default MarketingApp satisfies ExposedComponent<'marketing/app'>;

function MarketingPage(props: MarketingAppProps) {
  switch (props.page) {
    case 'country':
      return <CountryPage country={props.country} />;
    case 'rates':
      return <RatesView />;
    default:
      return <LandingView />;
  }
}
