import { analyticsModel } from '../analytics/analytics.model.ts';
import { authModel } from '../auth/auth.model.ts';
import { guardModel } from '../auth/guard.model.ts';
import { passwordResetModel } from '../auth/password-reset.model.ts';
import { carouselModel } from '../carousel/carousel.model.ts';
import { cartModel } from '../cart/cart.model.ts';
import { adminChatModel, customerChatModel } from '../chat/chat.model.ts';
import { checkoutModel, paymentModel } from '../checkout/checkout.model.ts';
import { kioskModel } from '../kiosk/kiosk.model.ts';
import { pinPadModel } from '../kiosk/pin-pad.model.ts';
import { handoffClaimModel, handoffOfferModel } from '../handoff/handoff.model.ts';
import { orderModel } from '../order/order.model.ts';
import { productCreateModel } from '../product-images/product-create.model.ts';
import { productImagesModel } from '../product-images/product-images.model.ts';
import { fetchModel } from '../shared/fetch.model.ts';
import { submitModel } from '../shared/submit.model.ts';
import type { ModelSpec } from './model.ts';

/** Every machine's model, in the order `npm run test:model` prints them. */
export const allModels = (): ModelSpec[] => [
  cartModel(),
  authModel(),
  guardModel(),
  passwordResetModel(),
  checkoutModel(),
  paymentModel(),
  orderModel(),
  customerChatModel(),
  adminChatModel(),
  analyticsModel(),
  kioskModel(),
  pinPadModel(),
  handoffOfferModel(),
  handoffClaimModel(),
  fetchModel(),
  submitModel(),
  carouselModel(),
  productImagesModel(),
  productCreateModel(),
];
