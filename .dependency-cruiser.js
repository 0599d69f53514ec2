// The architecture's import rules, checked by dependency-cruiser in `npm run lint` (docs/architecture.md,
// "Architecture rules"). Each rule's comment is what the lint prints when it is broken: say
// there what to do instead. Paths are relative to the project and matched as regular expressions.

/**
 * The modules of src/domain that hold zod schemas. Declared rather than detected: a new module
 * that imports zod fails `domain-zod-only-in-schema-modules` until it is named here, on purpose,
 * since the web app may load a schema module only to validate a form (zod weighs about 25 KB
 * gzipped on a phone). Their zod-free halves, `<name>-rules.ts`, import nothing of them; that
 * each is re-exported whole by its `<name>.ts` is a test (src/domain/rules-modules.test.ts): a
 * rule here matches the path of an import, not its kind.
 */
const SCHEMA_MODULES = [
  'admin',
  'api-keys',
  'area',
  'auth',
  'category',
  'citizen',
  'coordinates',
  'events',
  'errors',
  'geocoding',
  'health',
  'map',
  'open311',
  'organization',
  'organization-space',
  'push',
  'pagination',
  'public-data',
  'report',
  'report-filing',
  'sms',
  'team',
  'zod-locale',
]

/**
 * The web modules that validate a form: the only ones that may take values from a schema module
 * (through react-hook-form's zod resolver, `src/web/lib/zod-form.ts`). Their screens load zod;
 * every other screen, and the first download, stay without it.
 */
const FORM_MODULES = [
  'src/web/features/admin/categories/category-dialog.tsx',
  'src/web/features/admin/login/admin-login-page.tsx',
  'src/web/features/admin/reports/reject-dialog.tsx',
  'src/web/features/admin/users/create-user-dialog.tsx',
  'src/web/features/admin/users/edit-user-dialog.tsx',
  'src/web/features/organization/team/invitation-page.tsx',
  'src/web/features/organization/login/organization-login-page.tsx',
  'src/web/features/organization/notifications/send-message-dialog.tsx',
  'src/web/features/organization/settings/profile-tab.tsx',
  'src/web/features/organization/settings/security-tab.tsx',
  'src/web/features/organization/signup/signup-steps.tsx',
  'src/web/features/organization/team/invite-member-dialog.tsx',
]

const oneOf = (names) => `(${names.join('|')})`
const SCHEMA_MODULE = `^src/domain/${oneOf(SCHEMA_MODULES)}\\.ts$`
const FORM_MODULE = `^${oneOf(FORM_MODULES.map((file) => file.replaceAll('.', '\\.')))}$`
const ZOD = '^node_modules/zod/'
/** src/web's entries (and the server entry's test) and app/ (router, providers): the top layer, which may import any other. */
const WEB_APP = '^src/web/(app/|main\\.tsx$|entry-server(\\.test)?\\.tsx$)'
/** The run-time imports: a type-only import is erased by the compiler and loads nothing. */
const AT_RUN_TIME = { dependencyTypesNot: ['type-only'] }

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    // src/web, in bulletproof-react's direction: shared (components, lib, i18n, pwa…) → features → app.
    {
      name: 'web-feature-to-other-feature',
      comment:
        'A feature never imports another feature: move what both need to the shared layer ' +
        '(src/web/components, lib or i18n), or compose them in src/web/app.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-feature-to-app',
      comment:
        'A feature never imports src/web/app (router, providers): app composes the features, ' +
        'not the other way round. Move what the feature needs to the shared layer.',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: WEB_APP },
    },
    {
      name: 'web-shared-to-features-or-app',
      comment:
        'Shared web code (components, lib, i18n, pwa…) never imports a feature or src/web/app: ' +
        'it is what they are built from. Pass what it needs in, or move the code to the feature.',
      severity: 'error',
      // src/web/test renders the whole app for the screens' tests: it stands above every layer.
      from: { path: '^src/web/', pathNot: [WEB_APP, '^src/web/features/', '^src/web/test/'] },
      to: { path: ['^src/web/features/', WEB_APP] },
    },

    // The two sides of the HTTP API meet only in src/domain.
    {
      name: 'web-to-server',
      comment: 'src/web never imports src/server: what both need belongs in src/domain.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-to-web',
      comment:
        'src/server never imports src/web, not even a type: it loads the built page renderer by ' +
        'its file and types it with src/domain/page-renderer.ts, which src/web/entry-server.tsx satisfies.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },

    // src/domain: the contract, pure TypeScript without I/O.
    {
      name: 'domain-imports-only-domain-and-zod',
      comment:
        'src/domain imports only zod and other domain modules: no node:* module, no server or web ' +
        'code, no other package. Both sides import it; it imports neither.',
      severity: 'error',
      // The domain's tests run on Node with vitest, beside the modules they test.
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/domain/', ZOD] },
    },
    {
      name: 'domain-zod-only-in-schema-modules',
      comment:
        'Only the schema modules of src/domain load zod (SCHEMA_MODULES in .dependency-cruiser.js). ' +
        'A rules module (`*-rules.ts`) or a module without schemas stays zod-free, so that a screen ' +
        'can import it: import a schema module for its types only (`import type`), or declare a ' +
        'module that holds schemas as one.',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: [SCHEMA_MODULE, '\\.test\\.ts$'] },
      to: { path: [SCHEMA_MODULE, ZOD], ...AT_RUN_TIME },
    },

    // zod weighs about 25 KB gzipped: only the screens that validate a form may load it.
    {
      name: 'web-zod-only-in-forms',
      comment:
        'A web module takes values from a schema module of src/domain (or zod) only if it validates ' +
        'a form (FORM_MODULES in .dependency-cruiser.js): everything else comes from the zod-free ' +
        'modules (`*-rules.ts`, constants.ts, report-states.ts…) or is imported with `import type`.',
      severity: 'error',
      from: { path: '^src/web/', pathNot: [FORM_MODULE, '^src/web/lib/zod-form\\.ts$'] },
      to: { path: [SCHEMA_MODULE, ZOD, '^node_modules/@hookform/resolvers/'], ...AT_RUN_TIME },
    },
  ],
  required: [
    {
      name: 'web-form-validates-through-zod-form',
      comment:
        'A form module validates through src/web/lib/zod-form.ts, which sets zod’s messages in French.',
      severity: 'error',
      module: { path: FORM_MODULE },
      to: { path: '^src/web/lib/zod-form\\.ts$' },
    },
  ],
  options: {
    // The TypeScript sources as written: type-only imports count for the layering rules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // `npm run lint` re-reads only the files that changed since its last run (0.7 s instead of
    // 2 s on this 2-core machine). Keyed on the files' contents, so it holds outside git too.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
}
