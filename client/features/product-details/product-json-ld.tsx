import { useHydrated } from '../../lib/hydration.ts';
import type { Product } from '#contracts/product.ts';

/**
 * schema.org Product data for search engines. `<` is written as \u003c so a product name like
 * `</script><script>` cannot end the script element and run as HTML.
 */
export function productJsonLd(product: Product, origin: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: product.images.map((i) => new URL(i.path, origin).href),
    description: product.description,
    sku: product._id,
    category: product.category,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: product.count > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(product.reviewsNumber > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviewsNumber,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

export function ProductJsonLd({ product }: { product: Product }) {
  // Its absolute URLs need the page's origin, which only the browser knows for sure.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  // the escaped JSON is the only thing inserted as raw text, and it holds no '<'
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(product, window.location.origin) }} />;
}
