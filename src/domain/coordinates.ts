// Schemas (zod) of a point's latitude and longitude, for every API that takes one; their limits
// and a report's rounding are location.ts's.
import { z } from 'zod'
import { LATITUDE_LIMIT, LONGITUDE_LIMIT, storedDegrees } from './location'

/** A latitude in degrees; `error` replaces zod's message where a form shows its own. */
export const latitudeSchema = (error?: string) =>
  z.number({ error }).min(-LATITUDE_LIMIT, { error }).max(LATITUDE_LIMIT, { error })

export const longitudeSchema = (error?: string) =>
  z.number({ error }).min(-LONGITUDE_LIMIT, { error }).max(LONGITUDE_LIMIT, { error })

/** A latitude from a query string or a form field. */
export const latitudeParameter = (error?: string) =>
  z.coerce.number({ error }).min(-LATITUDE_LIMIT, { error }).max(LATITUDE_LIMIT, { error })

export const longitudeParameter = (error?: string) =>
  z.coerce.number({ error }).min(-LONGITUDE_LIMIT, { error }).max(LONGITUDE_LIMIT, { error })

/** A report's latitude, from its form or an Open311 request, as the report keeps it. */
export const reportLatitude = (error?: string) => latitudeParameter(error).transform(storedDegrees)

export const reportLongitude = (error?: string) => longitudeParameter(error).transform(storedDegrees)
