import { describe, expect, it } from 'vitest'
import { appShellFiles, appShellList } from './app-shell'

describe('appShellFiles', () => {
  it('takes the entry and the citizen screens with their styles, never the signed-in areas', () => {
    const files = appShellFiles({
      'index.html': {
        file: 'assets/index-a1.js',
        isEntry: true,
        css: ['assets/index-a1.css'],
        imports: ['_shared-b2.js'],
        dynamicImports: [
          'src/web/features/citizen/report-form/report-page.tsx',
          'src/web/features/admin/layout/admin-layout.tsx',
          'src/web/features/organization/login/organization-login-page.tsx',
        ],
      },
      '_shared-b2.js': { file: 'assets/shared-b2.js' },
      'src/web/features/citizen/report-form/report-page.tsx': {
        file: 'assets/report-page-c3.js',
        imports: ['_shared-b2.js'],
        assets: ['assets/marker-icon-d4.png'],
      },
      'src/web/features/admin/layout/admin-layout.tsx': { file: 'assets/admin-layout-e5.js' },
      'src/web/features/organization/login/organization-login-page.tsx': { file: 'assets/org-f6.js' },
    })
    expect(files.sort()).toEqual([
      '/assets/index-a1.css',
      '/assets/index-a1.js',
      '/assets/marker-icon-d4.png',
      '/assets/report-page-c3.js',
      '/assets/shared-b2.js',
    ])
  })
})

describe('appShellFiles with the modules of each file', () => {
  it('leaves out a file loaded on demand that needs signed-in code, and what only it imports', () => {
    const modules: Record<string, string[]> = {
      'assets/index-a1.js': ['src/web/main.tsx'],
      'assets/settings-page-b2.js': ['src/web/features/organization/settings/settings-page.tsx'],
      'assets/organization-c3.js': ['src/web/features/organization/api/get-profile.ts'],
      'assets/signed-in-d4.js': ['src/web/lib/auth/session-store.ts'],
      'assets/report-page-e5.js': ['src/web/features/citizen/report-form/report-page.tsx'],
      'assets/screens-f6.js': ['src/web/components/ui/dialog.tsx'],
    }
    const files = appShellFiles(
      {
        'index.html': {
          file: 'assets/index-a1.js',
          isEntry: true,
          dynamicImports: [
            'src/web/features/organization/settings/settings-page.tsx',
            '_signed-in-d4.js',
            'report-page.tsx',
          ],
        },
        'src/web/features/organization/settings/settings-page.tsx': {
          file: 'assets/settings-page-b2.js',
          imports: ['_organization-c3.js', '_screens-f6.js'],
        },
        '_organization-c3.js': { file: 'assets/organization-c3.js', imports: ['_signed-in-d4.js'] },
        '_signed-in-d4.js': { file: 'assets/signed-in-d4.js' },
        'report-page.tsx': { file: 'assets/report-page-e5.js', imports: ['_screens-f6.js'] },
        '_screens-f6.js': { file: 'assets/screens-f6.js' },
      },
      (file) => modules[file] ?? [],
    )
    expect(files.sort()).toEqual([
      '/assets/index-a1.js',
      '/assets/report-page-e5.js',
      '/assets/screens-f6.js',
    ])
  })
})

describe('appShellFiles and the live maps', () => {
  it('leaves out Leaflet and the live maps, keeping the still previews', () => {
    const modules: Record<string, string[]> = {
      'assets/index-a1.js': ['src/web/main.tsx'],
      'assets/place-map-preview-b2.js': ['src/web/features/citizen/report-form/place-map-preview.tsx'],
      'assets/place-map-c3.js': ['src/web/features/citizen/report-form/place-map.tsx'],
      'assets/leaflet-d4.js': ['src/web/lib/leaflet.ts'],
    }
    const files = appShellFiles(
      {
        'index.html': {
          file: 'assets/index-a1.js',
          isEntry: true,
          dynamicImports: ['place-map-preview.tsx', 'place-map.tsx'],
        },
        'place-map-preview.tsx': { file: 'assets/place-map-preview-b2.js' },
        'place-map.tsx': { file: 'assets/place-map-c3.js', imports: ['_leaflet-d4.js'] },
        '_leaflet-d4.js': { file: 'assets/leaflet-d4.js', css: ['assets/leaflet-d4.css'] },
      },
      (file) => modules[file] ?? [],
    )
    expect(files.sort()).toEqual(['/assets/index-a1.js', '/assets/place-map-preview-b2.js'])
  })
})

describe('appShellList', () => {
  it('lists the citizen side and every file of the build, with no source path (the manifest stays on the server)', () => {
    const list = appShellList({
      'index.html': {
        file: 'assets/index-a1.js',
        isEntry: true,
        dynamicImports: ['src/web/features/admin/a.tsx'],
      },
      'src/web/features/admin/a.tsx': { file: 'assets/admin-e5.js' },
    })
    expect(list).toEqual({
      shell: ['/assets/index-a1.js'],
      catalogues: {},
      build: ['/assets/admin-e5.js', '/assets/index-a1.js'],
    })
    expect(JSON.stringify(list)).not.toContain('src/')
  })

  it('lists the English and Wolof catalogues apart, for the phones that chose them', () => {
    const list = appShellList({
      'index.html': {
        file: 'assets/index-a1.js',
        isEntry: true,
        dynamicImports: ['src/web/i18n/en.ts', 'src/web/i18n/wo.ts', 'src/web/features/citizen/i18n/wo.ts'],
      },
      'src/web/i18n/en.ts': { file: 'assets/en-b2.js', src: 'src/web/i18n/en.ts' },
      'src/web/i18n/wo.ts': { file: 'assets/wo-c3.js', src: 'src/web/i18n/wo.ts' },
      'src/web/features/citizen/i18n/wo.ts': {
        file: 'assets/wo-d4.js',
        src: 'src/web/features/citizen/i18n/wo.ts',
      },
    })
    expect(list.shell).toEqual(['/assets/index-a1.js'])
    expect(list.catalogues).toEqual({
      en: ['/assets/en-b2.js'],
      wo: ['/assets/wo-c3.js', '/assets/wo-d4.js'],
    })
  })
})
