/**
 * The first thing a page runs, inline in the <head> of every HTML answer (vite.config.ts puts it there): the dark
 * class on <html> from the theme remembered on this device (features/shell/theme.ts keeps the same key and rule), so
 * a dark-mode student never sees a light frame while the prerendered landing page or /auth waits for its JavaScript.
 * The Content-Security-Policy allows exactly this script by its hash (server/http/security-headers.ts); keep it free
 * of anything that varies per build.
 */
export const THEME_STORAGE_KEY = 'studypath.theme';

export const THEME_BOOT_SCRIPT = `try{var p=localStorage.getItem('${THEME_STORAGE_KEY}');if(p==='dark'||(p!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}`;
