/** Page metadata defaults of SPEC.md section 1. */
export const DEFAULT_PAGE_META = {
  title: "Plateforme d'alertes urbaines au Sénégal",
  description:
    'Signalez et suivez les problèmes urbains au Sénégal (voirie, éclairage public, propreté) : une plateforme collaborative pour les citoyens et les organisations municipales.',
  keywords: 'Sénégal, alertes urbaines, signalement, voirie, éclairage public',
  ogType: 'website',
  image: '/og-image.png',
} as const
