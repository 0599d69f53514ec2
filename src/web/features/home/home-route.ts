/** The home route's id in app/routes.ts, which is its file: in the first download, unlike every other route module. */
export const HOME_ROUTE_ID = 'features/home/home-page'
