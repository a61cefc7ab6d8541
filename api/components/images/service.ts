import { createHash } from 'node:crypto';
import { IMAGE_MESSAGES } from '#contracts/images.ts';
import type { ProductImage } from '#contracts/product.ts';
import { LIMITS } from '#contracts/rules.ts';
import type { ApiContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { detectImageType, isHeic } from './image-type.ts';
import { checkHeader, ImageRefused, processImage } from './process.ts';
import * as repo from './repository.ts';
import { deleteImageFile, IMAGE_URL_PREFIX, localImageFile, outOfSpace, removeFiles, storeProcessed } from './storage.ts';

const productNotFound = () => notFound('That product');

/** Checks the productId of an upload before its body is read, so a bad id costs no upload. */
export const checkUploadTarget = async (ctx: ApiContext, productId: unknown): Promise<string> => {
  if (typeof productId !== 'string' || productId === '') throw badRequest('productId is required', 'productId');
  if (!isUuid(productId) || !(await repo.productExists(ctx.db, productId))) throw productNotFound();
  return productId;
};

export type UploadedFile = { originalname: string; buffer: Uint8Array };

const notAnImage = (name: string) => badRequest(`"${name}" is not a PNG, JPEG, WebP or GIF image`, 'images');

const refusal = (name: string, error: unknown): unknown => {
  if (!(error instanceof ImageRefused)) return error;
  return error.problem === 'too large' ? new AppError(413, IMAGE_MESSAGES.tooLarge(name), 'images') : notAnImage(name);
};

/** Every file must be an image of a kind we decode, within the limits, before any is processed. */
const checkAll = async (files: UploadedFile[]): Promise<void> => {
  for (const f of files) {
    if (isHeic(f.buffer)) throw badRequest(IMAGE_MESSAGES.heic(f.originalname), 'images');
    if (!detectImageType(f.buffer)) throw notAnImage(f.originalname);
    await checkHeader(f.buffer).catch((error: unknown) => {
      throw refusal(f.originalname, error);
    });
  }
};

/**
 * Each upload is decoded and written again as the sizes the pages show
 * (processImage), under its content's hash; the bytes as sent never reach the disk. `record`
 * then refers to them (false: what it records to is gone, `gone()` says what). Answers once
 * every file is written, so a page that reloads after the answer shows them all.
 */
export const processUploads = async (
  ctx: ApiContext,
  files: UploadedFile[],
  record: (images: ProductImage[]) => Promise<boolean>,
  gone: () => Error,
): Promise<ProductImage[]> => {
  if (files.length === 0) throw badRequest('Please choose at least one image to upload', 'images');
  if (files.length > LIMITS.maxImagesPerUpload) throw badRequest('to many files', 'images');
  await checkAll(files);
  const created: string[] = [];
  try {
    const images: ProductImage[] = [];
    for (const f of files) {
      const processed = await processImage(f.buffer).catch((error: unknown) => {
        throw refusal(f.originalname, error);
      });
      const name = createHash('sha256').update(f.buffer).digest('hex').slice(0, 32);
      const stored = await storeProcessed(ctx.config.DATA_DIR, name, processed);
      created.push(...stored.created);
      if (!images.some((i) => i.path === stored.path)) images.push({ path: stored.path, width: processed.width, height: processed.height });
    }
    if (!(await record(images))) throw gone();
    return images;
  } catch (error) {
    // Files nobody refers to would pile up unseen; files that were there before belong to others.
    await removeFiles(created);
    throw outOfSpace(error);
  }
};

export const saveUploads = (ctx: ApiContext, productId: string, files: UploadedFile[]): Promise<ProductImage[]> =>
  processUploads(ctx, files, (images) => repo.appendImages(ctx.db, productId, images), productNotFound);

/** The hosting service answers `secure_url` (and `url`); one answer or a list of them. */
const hostedUrls = (body: unknown): string[] => {
  const answers = Array.isArray(body) ? body : [body];
  if (answers.length === 0) throw badRequest('The body holds no uploaded image', 'secure_url');
  if (answers.length > LIMITS.maxImagesPerUpload) throw badRequest('to many files', 'images');
  return answers.map((a) => {
    const { secure_url: secureUrl, url } = (a ?? {}) as { secure_url?: unknown; url?: unknown };
    const chosen = typeof secureUrl === 'string' ? secureUrl : url;
    if (typeof chosen !== 'string' || chosen === '') throw badRequest('secure_url is required', 'secure_url');
    return chosen;
  });
};

/** Records images already uploaded to the hosting service, accepting only its own URLs. */
export const saveHostedImages = async (ctx: ApiContext, productId: string, body: unknown): Promise<ProductImage[]> => {
  const configured = ctx.config.IMAGE_HOST_URL;
  if (!configured) {
    throw badRequest('Image hosting is not configured on this shop (IMAGE_HOST_URL): upload the files directly instead', 'cloudinary');
  }
  const host = new URL(configured).host;
  const images = hostedUrls(body).map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest(`"${raw}" is not a URL`, 'secure_url');
    }
    if (!['https:', 'http:'].includes(url.protocol) || url.host !== host || url.username || url.password) {
      throw badRequest(`Only images hosted on ${host} are accepted`, 'secure_url');
    }
    return { path: url.toString() };
  });
  if (!(await repo.appendImages(ctx.db, productId, images))) throw productNotFound();
  return images;
};

/**
 * Removes an image from a product and, for a local file no other product shows, the file.
 * A local path must stay inside the images folder; a hosted URL needs `cloudinary=true`.
 */
export const removeImage = async (ctx: ApiContext, imagePath: string, productId: string, hosted: boolean): Promise<void> => {
  const local = imagePath.startsWith(IMAGE_URL_PREFIX);
  if (local && !localImageFile(ctx.config.DATA_DIR, imagePath)) {
    throw badRequest('That image path points outside the images folder', 'encodedPath');
  }
  if (!local && !hosted) throw badRequest(`An uploaded image's path starts with ${IMAGE_URL_PREFIX}`, 'encodedPath');
  if (!local && !/^https?:\/\//i.test(imagePath)) throw badRequest("A hosted image's path is its http(s) URL", 'encodedPath');
  if (!isUuid(productId)) throw productNotFound();
  if (!(await repo.removeImage(ctx.db, productId, imagePath))) throw notFound('That image of that product');
  if (local && !(await repo.imageInUse(ctx.db, imagePath))) await deleteImageFile(ctx.config.DATA_DIR, imagePath);
};

/**
 * After a product or a category is deleted, or a category's picture replaced: the local files
 * nothing shows any more. The change is already made, so a file that cannot be deleted is
 * logged rather than failing the request.
 */
export const deleteUnusedFiles = async (ctx: ApiContext, images: ProductImage[]): Promise<void> => {
  for (const { path } of images) {
    if (!localImageFile(ctx.config.DATA_DIR, path) || (await repo.imageInUse(ctx.db, path))) continue;
    await deleteImageFile(ctx.config.DATA_DIR, path).catch((err: unknown) =>
      ctx.logger.warn({ err, path }, 'could not delete an image file nothing shows any more'),
    );
  }
};
