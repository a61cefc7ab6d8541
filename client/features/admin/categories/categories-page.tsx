import { usePageTitle } from '../../../ui/page-title.tsx';
import { CategoriesPanel } from '../products/categories-panel.tsx';
import { CreateCategoryForm } from './category-forms.tsx';

/** /admin/categories: the shop's categories, made, described, pictured and deleted in one place. */
export function AdminCategoriesPage() {
  usePageTitle('Categories');
  return (
    <section>
      <h1>Categories</h1>
      <CreateCategoryForm />
      <CategoriesPanel manage />
    </section>
  );
}
