import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductAttr, ProductBody, ProductCreatedResponse } from '../../../../contracts/product.ts';
import { api, type ApiError } from '../../../lib/api.ts';
import { useCategories, useCategoriesChange } from '../../../lib/categories-store.ts';
import { paths } from '../../../lib/paths.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { useFieldErrors } from '../../../ui/use-field-errors.ts';
import { NewCategoryField, saveCategoryAttr } from './new-category-field.tsx';
import { FilesInput, TOO_MANY_FILES } from './files-input.tsx';
import { emptyDraft, toBody, validateDraft, type ProductDraft } from './product-fields.ts';
import { ProductForm } from './product-form.tsx';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

const PARTLY_CREATED = 'The product was created, but some images failed to upload: add them on its edit page.';

/** /admin/create-new-product: the product, its images (at most 3), and the categories it needs. */
export function AdminCreateProductPage() {
  usePageTitle('Create a new product');
  const { categories } = useCategories();
  const { replace: replaceCategories } = useCategoriesChange();
  const [draft, setDraft] = useState<ProductDraft>(emptyDraft);
  const { errors, check, recheck } = useFieldErrors(validateDraft);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const { uploads, start } = useUploads();
  const navigate = useNavigate();
  const toast = useToast();
  const attrSave = useSubmit(
    (attr: ProductAttr & { category: string }) => saveCategoryAttr(attr.category, attr.key, attr.value),
    replaceCategories,
  );
  const create = useSubmit(
    async ({ body, files: images }: { body: ProductBody; files: File[] }, signal: AbortSignal) => {
      const { productId } = await api.post<ProductCreatedResponse>('/api/products/admin', body, { signal });
      const { failed } = await start(productId, images);
      if (failed) throw { status: 0, message: PARTLY_CREATED } satisfies ApiError;
    },
    () => {
      toast('product created', 'success');
      navigate(paths.admin.products.to());
    },
  );

  const saveNewAttr = (attr: ProductAttr) => {
    if (draft.category) attrSave.submit({ ...attr, category: draft.category });
  };

  const edit = (next: ProductDraft) => {
    setDraft(next);
    recheck(next);
  };

  const submit = () => {
    const valid = check(draft);
    const noImages = files.length === 0 ? 'Please choose at least one image' : null;
    if (noImages && filesError !== TOO_MANY_FILES) setFilesError(noImages);
    if (valid && !noImages) create.submit({ body: toBody(draft), files });
  };

  return (
    <section>
      <h1>Create a new product</h1>
      <ProductForm
        draft={draft}
        errors={errors}
        onChange={edit}
        categories={categories}
        onSubmit={submit}
        submitLabel="Create"
        busy={create.sending}
        error={create.error ?? attrSave.error}
        onNewAttr={saveNewAttr}
      >
        <NewCategoryField categories={categories} onChoose={(category) => edit({ ...draft, category, attributesTable: [] })} />
        <FilesInput
          label="Images"
          error={filesError}
          disabled={create.sending}
          onTooMany={() => setFilesError(TOO_MANY_FILES)}
          onFiles={(chosen) => {
            setFiles(chosen);
            if (chosen.length) setFilesError(null);
          }}
        />
        <UploadList uploads={uploads} />
      </ProductForm>
    </section>
  );
}
