import type { Product } from '#contracts/product.ts';
import { colors, space } from '../../ui/theme.ts';

/** The product's attributes (RAM, colour …) as a table: what the list filters by, readable on the product itself. */
export function Specifications({ attrs }: { attrs: Product['attrs'] }) {
  if (attrs.length === 0) return null;
  return (
    <table
      css={{
        borderCollapse: 'collapse',
        margin: `${space(4)} 0`,
        'th, td': { textAlign: 'left', padding: `${space(1)} ${space(3)} ${space(1)} 0`, borderBottom: `1px solid ${colors.border}` },
      }}
    >
      <caption css={{ textAlign: 'left', fontWeight: 700, marginBottom: space(1) }}>Specifications</caption>
      <tbody>
        {attrs.map(({ key, value }) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
