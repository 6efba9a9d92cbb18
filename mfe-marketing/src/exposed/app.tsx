import '../styles.css';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { CountryPage } from '../features/country/country-page.tsx';
import { RatesView } from '../features/rates/rates-view.tsx';

export type MarketingAppProps =
  | { page?: 'landing' }
  | { page: 'country'; country: string }
  | { page: 'rates' };

/** The marketing remote: the landing page, the country pages and the in-app rates view. */
export default function MarketingApp(props: MarketingAppProps) {
  switch (props.page) {
    case 'country':
      return <CountryPage country={props.country} />;
    case 'rates':
      return <RatesView />;
    default:
      return <LandingPage />;
  }
}
