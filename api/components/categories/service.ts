import type { Category, CategoryAttr, CategoryAttrBody, CategoryEditBody } from '#contracts/category.ts';
import type { ApiContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { deleteUnusedFiles } from '../images/service.ts';
import * as repo from './repository.ts';

export const listCategories = (ctx: ApiContext): Promise<Category[]> => repo.listCategories(ctx.db);

export const createCategory = async (ctx: ApiContext, name: string): Promise<Category> => {
  const created = await repo.insertCategory(ctx.db, name);
  if (!created) throw conflict(`The category "${name}" already exists`, 'category');
  return created;
};

const inUse = (name: string, count: number) =>
  conflict(
    `The category "${name}" cannot be deleted while ${count} product(s) use it or one of its sub-categories: ` +
      'move or delete those products first',
  );

export const deleteCategory = async (ctx: ApiContext, name: string): Promise<void> => {
  const count = await repo.countProductsUnder(ctx.db, name);
  if (count > 0) throw inUse(name, count);
  const deleted = await repo.deleteCategory(ctx.db, name);
  if (deleted === 'in use') throw inUse(name, 1);
  if (!deleted) throw notFound(`The category "${name}"`);
  await deleteUnusedFiles(ctx, [{ path: deleted.image }]);
};

/** Adds `value` to the list of `key` (creating the key if new), never twice. */
export const withAttrValue = (attrs: CategoryAttr[], key: string, value: string): CategoryAttr[] => {
  const existing = attrs.find((a) => a.key === key);
  if (!existing) return [...attrs, { key, value: [value] }];
  if (existing.value.includes(value)) return attrs;
  return attrs.map((a) => (a === existing ? { key, value: [...a.value, value] } : a));
};

/** Saves an attribute value on the chosen category; answers every category, as the admin screen replaces them. */
export const saveAttr = async (ctx: ApiContext, body: CategoryAttrBody): Promise<Category[]> => {
  await ctx.db.transaction(async (tx) => {
    const category = await repo.findCategoryForUpdate(tx, body.categoryChoosen);
    if (!category) throw notFound(`The category "${body.categoryChoosen}"`);
    await repo.saveAttrs(tx, category.name, withAttrValue(category.attrs, body.key, body.val));
  });
  return repo.listCategories(ctx.db);
};

/** Takes `value` off the list of `key`; a key left with no value goes. */
export const withoutAttrValue = (attrs: CategoryAttr[], key: string, value: string): CategoryAttr[] =>
  attrs
    .map((a) => (a.key === key ? { key, value: a.value.filter((v) => v !== value) } : a))
    .filter((a) => a.key !== key || a.value.length > 0);

/**
 * Removes an attribute value from the category, refused while a product of it has that value
 * (its page and filters would show a value the category no longer offers); answers every category.
 */
export const removeAttrValue = async (ctx: ApiContext, name: string, key: string, value: string): Promise<Category[]> => {
  await ctx.db.transaction(async (tx) => {
    const category = await repo.findCategoryForUpdate(tx, name);
    if (!category) throw notFound(`The category "${name}"`);
    if (!category.attrs.some((a) => a.key === key && a.value.includes(value))) throw notFound(`"${key}: ${value}" of "${name}"`);
    const used = await repo.countProductsWithAttr(tx, name, key, value);
    if (used > 0)
      throw conflict(
        `"${key}: ${value}" cannot be removed while ${used} product(s) of "${name}" have it: change those products first`,
        'val',
      );
    await repo.saveAttrs(tx, name, withoutAttrValue(category.attrs, key, value));
  });
  return repo.listCategories(ctx.db);
};

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** Renames `from` and its sub-categories to `to`, refusing a name another category has. */
const rename = async (tx: Queryable, from: string, to: string): Promise<void> => {
  if (to.startsWith(`${from}/`)) throw badRequest(`A category cannot move below itself: choose a name outside "${from}/"`, 'name');
  const [clash] = await repo.renameClashes(tx, from, to);
  if (clash) throw conflict(`The category "${clash}" already exists`, 'name');
  await repo.renameCategory(tx, from, to);
};

/** The category's name, description and picture, as the admin's categories page edits them. */
export const editCategory = async (ctx: ApiContext, name: string, edit: CategoryEditBody): Promise<Category> => {
  const to = edit.name ?? name;
  let previous = '';
  const edited = await ctx.db
    .transaction(async (tx) => {
      const category = await repo.findCategoryForUpdate(tx, name);
      if (!category) throw notFound(`The category "${name}"`);
      previous = category.image;
      if (to !== name) await rename(tx, name, to);
      return (await repo.updateCategory(tx, to, edit))!;
    })
    .catch((error: unknown) => {
      // a category of that name made meanwhile
      if (isUniqueViolation(error)) throw conflict(`The category "${to}" already exists`, 'name');
      throw error;
    });
  // a picture removed or replaced: its files, unless something else shows them
  if (previous !== edited.image) await deleteUnusedFiles(ctx, [{ path: previous }]);
  return edited;
};
