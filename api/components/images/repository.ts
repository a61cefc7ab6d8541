import type { ProductImage } from '#contracts/product.ts';
import type { Queryable } from '../../db/index.ts';

export const productExists = async (db: Queryable, productId: string): Promise<boolean> => {
  const { rows } = await db.query('select 1 from products where id = $1', [productId]);
  return rows.length > 0;
};

/**
 * Appends to the product's images those it does not show yet (files are named by content: the
 * same photo again is the same path); false when the product no longer exists.
 */
export const appendImages = async (db: Queryable, productId: string, images: ProductImage[]): Promise<boolean> => {
  const { rowCount } = await db.query(
    `update products p
        set images = p.images || coalesce((select jsonb_agg(e order by i) from jsonb_array_elements($2::jsonb) with ordinality as t(e, i)
                                             where not p.images @> jsonb_build_array(jsonb_build_object('path', e->'path'))), '[]'::jsonb)
      where p.id = $1`,
    [productId, JSON.stringify(images)],
  );
  return rowCount > 0;
};

/** Drops every entry with that path; false when the product does not show it (or does not exist). */
export const removeImage = async (db: Queryable, productId: string, imagePath: string): Promise<boolean> => {
  const { rowCount } = await db.query(
    `update products p
        set images = coalesce((select jsonb_agg(e order by i) from jsonb_array_elements(p.images) with ordinality as t(e, i)
                                where e->>'path' is distinct from $2), '[]'::jsonb)
      where p.id = $1 and p.images @> $3::jsonb`,
    [productId, imagePath, JSON.stringify([{ path: imagePath }])],
  );
  return rowCount > 0;
};

/**
 * True when some product still shows this image, some order line does, or some category does
 * (content-named files are shared, and an order keeps its line's picture).
 */
export const imageInUse = async (db: Queryable, imagePath: string): Promise<boolean> => {
  const { rows } = await db.query(
    `select 1 from products where images @> $1::jsonb
      union all
     select 1 from orders where cart_items @> $2::jsonb
      union all
     select 1 from categories where image = $3
      limit 1`,
    [JSON.stringify([{ path: imagePath }]), JSON.stringify([{ image: { path: imagePath } }]), imagePath],
  );
  return rows.length > 0;
};

/**
 * Writes the served file's size beside `path` on every product image and order line that shows
 * it (an old upload's, or the old demo's, once rebuilt), so their pages can list its variants.
 */
export const recordSize = async (db: Queryable, imagePath: string, size: { width: number; height: number }): Promise<void> => {
  const wh = JSON.stringify(size);
  await db.query(
    `update products p
        set images = (select jsonb_agg(case when e->>'path' = $1 then e || $2::jsonb else e end order by i)
                        from jsonb_array_elements(p.images) with ordinality as t(e, i))
      where p.images @> $3::jsonb`,
    [imagePath, wh, JSON.stringify([{ path: imagePath }])],
  );
  await db.query(
    `update orders o
        set cart_items = (select jsonb_agg(case when e->'image'->>'path' = $1 then jsonb_set(e, '{image}', (e->'image') || $2::jsonb) else e end order by i)
                            from jsonb_array_elements(o.cart_items) with ordinality as t(e, i))
      where o.cart_items @> $3::jsonb`,
    [imagePath, wh, JSON.stringify([{ image: { path: imagePath } }])],
  );
};

/** Sets the category's picture; its previous one, or null when no category has that name. */
export const setCategoryImage = async (db: Queryable, name: string, imagePath: string): Promise<{ previous: string } | null> => {
  const { rows } = await db.query<{ previous: string }>(
    `update categories c set image = $2 from (select image from categories where name = $1 for update) old
      where c.name = $1 returning old.image as previous`,
    [name, imagePath],
  );
  return rows[0] ?? null;
};
