// The landing page's metadata and structured data (spec §2 "Landing page"): pure, so the server renders
// the same head tags (`pageMetaTags(landingMeta(origin), origin)`) as the page's own <PageMeta>.
import { BRAND, absoluteUrl, type PageMetaProps } from '@ringwise/ui/page-meta';

/** The lowest rate the landing page advertises, in USD per minute (spec §9). */
export const FROM_RATE_PER_MINUTE = 0.015;

/** Title, description, canonical, keywords and JSON-LD (Organization, WebSite, Service with a USD offer). */
export function landingMeta(origin?: string | null): PageMetaProps {
  const home = absoluteUrl('/', origin);
  const organization = { '@type': 'Organization', name: BRAND, url: home };
  return {
    title: 'Call Any Phone From Your Browser',
    description:
      'Call mobiles and landlines in 200+ countries straight from your browser. Pay as you go from $0.015 per minute: no subscriptions, no downloads, no connection fees.',
    canonical: '/',
    keywords: [
      'international calls',
      'cheap international calls',
      'call from browser',
      'online phone calls',
      'pay as you go calling',
      'virtual phone numbers',
    ],
    structuredData: [
      { '@context': 'https://schema.org', ...organization },
      { '@context': 'https://schema.org', '@type': 'WebSite', name: BRAND, url: home },
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: `${BRAND} browser calling`,
        serviceType: 'International calling',
        description: 'Pay-as-you-go calls to phones in 200+ countries from the web browser, billed per minute.',
        provider: organization,
        areaServed: 'Worldwide',
        offers: {
          '@type': 'Offer',
          priceCurrency: 'USD',
          price: FROM_RATE_PER_MINUTE,
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: FROM_RATE_PER_MINUTE,
            priceCurrency: 'USD',
            unitText: 'minute',
          },
        },
      },
    ],
  };
}
