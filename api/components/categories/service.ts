import type { Category, CategoryAttr, CategoryAttrBody, CategoryEditBody } from '#contracts/category.ts';
import type { ApiContext } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
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

/** The category's description and picture, as the admin's categories page edits them. */
export const editCategory = async (ctx: ApiContext, name: string, edit: CategoryEditBody): Promise<Category> => {
  const updated = await repo.updateCategory(ctx.db, name, edit);
  if (!updated) throw notFound(`The category "${name}"`);
  return updated;
};
