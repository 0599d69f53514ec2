// The one door from a form to zod: react-hook-form's resolver, with zod's own messages (a
// length limit, a wrong type) in French. Only the screens that validate a form load it, since
// zod weighs about 25 KB gzipped; the others import the zod-free `*-rules` modules of src/domain.
import '../../domain/zod-locale'

export { zodResolver } from '@hookform/resolvers/zod'
