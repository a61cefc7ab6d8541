/** The API GETs a first screen shows, shared by the pages and the server render (route-data.ts). */
export const CATEGORIES_URL = '/api/categories';
export const BESTSELLERS_URL = '/api/products/bestsellers';
export const productUrl = (id: string): string => `/api/products/get-one/${encodeURIComponent(id)}`;
