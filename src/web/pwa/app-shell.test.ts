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
      build: ['/assets/admin-e5.js', '/assets/index-a1.js'],
    })
    expect(JSON.stringify(list)).not.toContain('src/')
  })
})
