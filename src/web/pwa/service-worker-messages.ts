/** The page asks the service worker to download what a new build changed (after each load). */
export const SHELL_REFRESH_MESSAGE = 'alertes-urbaines:refresh-shell'
