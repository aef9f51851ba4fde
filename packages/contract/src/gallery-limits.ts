// A gallery's limits and its images' alt text, in a module of their own (no schemas), so a
// page that shows a gallery does not bundle the schema library.
/** How many images an elite listing's gallery may hold (the Elite page's 'business image gallery'). */
export const GALLERY_MAX = 12;
/** A caption is a line under a photo, not a story: long enough for 'what, where, when'. */
export const GALLERY_CAPTION_MAX = 140;

/** Where the portal serves an uploaded JPEG or PNG (the media upload's `mediaUrl`). */
export const PORTAL_IMAGE = /^\/api\/media\/[a-f0-9]{64}\.(jpg|png)$/;
export const GALLERY_URL_MESSAGE = 'Gallery images must be uploaded to the portal first.';

/** The alt text of a gallery image: its caption, or where it sits in whose gallery. */
export const galleryAlt = (image: { caption: string }, index: number, owner: string) =>
  image.caption || `${owner}: gallery image ${index + 1}`;
