import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { IMAGE_MESSAGES } from '#contracts/images.ts';
import type { ImageHostResponse, UploadResponse } from '#contracts/product.ts';
import { LIMITS } from '#contracts/rules.ts';
import type { ApiContext } from '../../context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { checkCategoryTarget, saveCategoryPicture } from './category-picture.ts';
import * as images from './service.ts';

/** The name of the file being received, for a refusal that must name it. */
type Receiving = Request & { receiving?: string };

// Memory storage: nothing reaches the disk before its bytes are checked, and the file as sent
// never does. The caps bound the memory one request can take (3 × 25 MB).
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { files: LIMITS.maxImagesPerUpload, fileSize: LIMITS.maxImageBytes, fields: 20, parts: 30, fieldSize: 10_000 },
  fileFilter: (req, file, accept) => {
    (req as Receiving).receiving = file.originalname;
    accept(null, true);
  },
}).array('images');

const uploadError = (error: unknown, receiving = 'you sent'): Error => {
  if (!(error instanceof multer.MulterError))
    return badRequest('The upload could not be read; send the images as multipart/form-data', 'images');
  switch (error.code) {
    case 'LIMIT_FILE_COUNT':
      return badRequest('to many files', 'images');
    case 'LIMIT_FILE_SIZE':
      return new AppError(413, IMAGE_MESSAGES.tooLarge(receiving), 'images');
    case 'LIMIT_UNEXPECTED_FILE':
      return badRequest('Send the images in the form field "images"', error.field ?? 'images');
    default:
      return badRequest(`The upload was refused: ${error.message}`, error.field ?? 'images');
  }
};

const receiveFiles = (req: Request, res: Response): Promise<Express.Multer.File[]> =>
  new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (error) reject(uploadError(error, (req as Receiving).receiving));
      else resolve(Array.isArray(req.files) ? req.files : []);
    });
  });

/** Mounted under /api/products/admin, behind requireAdmin. */
export const imagesRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  // Where the admin's browser sends files before posting the answer with cloudinary=true;
  // null: no hosting service, files go to the shop itself.
  router.get('/image-host', (_req, res) => {
    res.json({ uploadUrl: ctx.config.IMAGE_HOST_URL ?? null } satisfies ImageHostResponse);
  });

  // `?categoryName=`: the category's picture, through the same pipeline (the shop's own files only).
  router.post('/upload', async (req, res) => {
    if (req.query.categoryName !== undefined) {
      const name = await checkCategoryTarget(ctx, req.query.categoryName);
      const saved = await saveCategoryPicture(ctx, name, await receiveFiles(req, res));
      res.status(201).json({ message: 'upload successful', images: saved } satisfies UploadResponse);
      return;
    }
    const productId = await images.checkUploadTarget(ctx, req.query.productId);
    const saved =
      req.query.cloudinary === 'true'
        ? await images.saveHostedImages(ctx, productId, req.body)
        : await images.saveUploads(ctx, productId, await receiveFiles(req, res));
    res.status(201).json({ message: 'upload successful', images: saved } satisfies UploadResponse);
  });

  // The path arrives URL-encoded (`%2Fimages%2Fx.png`); Express hands it over decoded.
  router.delete('/image/:encodedPath/:productId', async (req, res) => {
    const hosted = req.query.cloudinary === 'true';
    await images.removeImage(ctx, String(req.params.encodedPath), String(req.params.productId), hosted);
    res.json({ message: 'image removed' });
  });

  return router;
};
