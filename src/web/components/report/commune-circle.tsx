import { Circle } from 'react-leaflet'
import { communeCircleRadiusAt } from '../../../domain/communes'

/**
 * Where a report known only by its commune is (a report by SMS: its point is the commune's
 * centre), on a Leaflet map: the commune's circle, where a pin would say more than is known.
 */
export function CommuneCircle({ latitude, longitude }: { latitude: number; longitude: number }) {
  return (
    <Circle
      center={[latitude, longitude]}
      radius={communeCircleRadiusAt(latitude, longitude)}
      className="approximate-area"
      pathOptions={{ color: '#15803d', weight: 2, fillOpacity: 0.12 }}
    />
  )
}
