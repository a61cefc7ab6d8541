import type { ProductImage } from '#contracts/product.ts';
import type { ApiContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';
import { deleteUnusedFiles, processUploads, type UploadedFile } from './service.ts';

const categoryNotFound = (name: string) => notFound(`The category "${name}"`);

/** The category an upload names (`?categoryName=`), checked before its body is read. */
export const checkCategoryTarget = async (ctx: ApiContext, name: unknown): Promise<string> => {
  if (typeof name !== 'string' || name === '') throw badRequest('categoryName is required', 'categoryName');
  const { rows } = await ctx.db.query('select 1 from categories where name = $1', [name]);
  if (rows.length === 0) throw categoryNotFound(name);
  return name;
};

/**
 * A category's picture, through the products' pipeline (checked, decoded, written again in the
 * pages' sizes under its content's name); it replaces the previous one, whose files go when
 * nothing else shows them.
 */
export const saveCategoryPicture = async (ctx: ApiContext, name: string, files: UploadedFile[]): Promise<ProductImage[]> => {
  if (files.length > 1) throw badRequest('A category has one picture: choose one image', 'images');
  let previous = '';
  const saved = await processUploads(
    ctx,
    files,
    async ([image]) => {
      const set = await repo.setCategoryImage(ctx.db, name, image!.path);
      previous = set?.previous ?? '';
      return set !== null;
    },
    () => categoryNotFound(name),
  );
  if (previous !== saved[0]!.path) await deleteUnusedFiles(ctx, [{ path: previous }]);
  return saved;
};
