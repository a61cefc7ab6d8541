import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { ProductAttr, ProductBody, ProductCreatedResponse } from '#contracts/product.ts';
import { productCreateMachine } from '#machines/product-images/product-create.machine.ts';
import { api } from '../../../lib/api.ts';
import { useCategories } from '../../../lib/categories-store.ts';
import { useCategoriesChange } from './use-categories-change.ts';
import { devEventLog } from '../../../lib/event-log.ts';
import { paths } from '../../../lib/paths.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Link } from '../../../ui/link.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { NewCategoryField, saveCategoryAttr } from './new-category-field.tsx';
import { FilesInput, TOO_MANY_FILES } from './files-input.tsx';
import { emptyDraft, newProductSchema } from './product-fields.ts';
import { ProductForm } from './product-form.tsx';
import { findImageHost, uploadFile } from './upload-actors.ts';
import { UploadList } from './upload-list.tsx';

/** The calls the page provides to the machine: the product, then its images. */
const logic = productCreateMachine.provide({
  actors: {
    createProduct: fromPromise<string, ProductBody>(({ input, signal }) =>
      api.post<ProductCreatedResponse>('/api/products/admin', input, { signal }).then((answer) => answer.productId),
    ),
    findImageHost,
    uploadFile,
  },
});

/**
 * /admin/create-new-product: the product, its images (at most 3), and the categories it needs.
 * Creating it and then uploading its images, each with its progress, is the product-create
 * machine's; leaving the page stops it, which aborts the images still on their way. When the
 * product was made but an image was refused (tag `partlyCreated`), the page links to the product's
 * edit page and offers no Create: the machine would refuse it, the product already exists.
 */
export function AdminCreateProductPage() {
  usePageTitle('Create a new product');
  const { categories } = useCategories();
  const { replace: replaceCategories } = useCategoriesChange();
  // The picker's own refusal of a fourth image, shown over the form's 'choose one' until a good choice.
  const [tooMany, setTooMany] = useState(false);
  const create = useActorRef(logic, { inspect: devEventLog?.inspect('product-create') });
  const sending = useSelector(create, (s) => s.hasTag('sending'));
  const createError = useSelector(create, (s) => s.context.error);
  const partlyCreated = useSelector(create, (s) => (s.hasTag('partlyCreated') ? s.context.productId : null));
  const uploads = useSelector(create, (s) => s.context.uploads);
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    const sub = create.on('product.created', () => {
      toast('product created', 'success');
      navigate(paths.admin.products.to());
    });
    return () => sub.unsubscribe();
  }, [create, toast, navigate]);
  const attrSave = useSubmit(
    (attr: ProductAttr & { category: string }) => saveCategoryAttr(attr.category, attr.key, attr.value),
    replaceCategories,
  );

  const form = useForm(newProductSchema, { ...emptyDraft, files: [] as File[] }, ({ body, files }) =>
    create.send({ type: 'product.create', body, files }),
  );

  const saveNewAttr = (attr: ProductAttr) => {
    if (form.values.category) attrSave.submit({ ...attr, category: form.values.category });
  };

  return (
    <section>
      <h1>Create a new product</h1>
      <ProductForm
        form={form}
        categories={categories}
        submitLabel="Create"
        busy={sending}
        error={createError ?? attrSave.error}
        errorAction={partlyCreated ? <Link to={paths.admin.editProduct.to(partlyCreated)}>Edit the new product</Link> : undefined}
        submitGone={partlyCreated !== null}
        onNewAttr={saveNewAttr}
      >
        <NewCategoryField categories={categories} onChoose={(category) => form.change({ ...form.values, category, attributesTable: [] })} />
        <FilesInput
          label="Images"
          error={tooMany ? TOO_MANY_FILES : form.errors.files}
          disabled={sending || partlyCreated !== null}
          onTooMany={() => setTooMany(true)}
          onFiles={(chosen) => {
            form.set('files', chosen);
            if (chosen.length) setTooMany(false);
          }}
        />
        <UploadList uploads={uploads} />
      </ProductForm>
    </section>
  );
}
