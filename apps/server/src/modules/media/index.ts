/**
 * The media module: uploads (/medias/upload-*) and the files they stored (/media/{key}).
 * Who may upload what is decided by the module the file is for (UploadRules).
 */
export { mediaRoutes } from './routes.js';
export { type UploadRules, uploadedImageUrl } from './service.js';
