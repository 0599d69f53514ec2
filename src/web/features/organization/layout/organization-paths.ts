// Apart from organization-layout.tsx, a screen's file: a page that imports a path from there
// would fetch the layout's file with its own, and list it in the first download's table of files.

/** The organisation area's home: its dashboard, where a member lands after signing in. */
export const ORGANIZATION_HOME = '/organization'
export const ORGANIZATION_LOGIN = '/organization/login'
