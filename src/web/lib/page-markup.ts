// The names a page the server rendered (app/document.tsx) and the app in the browser agree on.

/** The element of a rendered page that lists the app's scripts (JSON), for `renderedPageScript`. */
export const APP_FILES_ID = 'app-files'
/** The element of a rendered page that carries its hydration data (JSON, never run). */
export const HYDRATION_DATA_ID = 'hydration-data'
/** Set on #root of a rendered page that reads French whatever language the visitor chose. */
export const FRENCH_ONLY_ATTRIBUTE = 'data-french-only'
/** Set on #root of a rendered page: the path its HTML was rendered for. */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path'
/**
 * Set by the rendered page's inline script on the button tapped before the app had hydrated the page
 * over (its code still on its way): the app taps it again once it has.
 */
export const EARLY_TAP_ATTRIBUTE = 'data-tapped-early'
/** The meta tag of every page that carries the tile server (TILE_URL), for the browser. */
export const TILE_URL_META = 'tile-url'
/** The meta tag of every page that carries the contact address (CONTACT_EMAIL), for the browser. */
export const CONTACT_EMAIL_META = 'contact-email'
/** The meta tag that carries the number citizens text (SMS_NUMBER), only when the SMS channel is on. */
export const SMS_NUMBER_META = 'sms-number'
/** Set on <html> once the app has hydrated the page: its buttons and forms work from then on. */
export const APP_READY_ATTRIBUTE = 'data-app-ready'
