import '../styles.css';
import { CountryPage } from '../features/country/country-page.tsx';
import { LandingView } from '../features/landing/landing-view.tsx';
import { RatesView } from '../features/rates/rates-view.tsx';
import { SiteOriginProvider } from '../lib/site-origin.tsx';

/** The build this module comes from: the shell hydrates a server-rendered page only with the same build. */
export { buildId } from '../build-id.ts';

export type MarketingAppProps = (
  | { page?: 'landing' }
  | { page: 'country'; country: string }
  | { page: 'rates' }
) & {
  /**
   * The site's origin for absolute URLs in structured data; give the server render the same one (or
   * neither) so both render the same markup.
   */
  origin?: string;
};

/** The marketing remote: the landing page, the country pages and the in-app rates view. */
export default function MarketingApp(props: MarketingAppProps) {
  return (
    <SiteOriginProvider origin={props.origin}>
      <MarketingPage {...props} />
    </SiteOriginProvider>
  );
}

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
