// docs/product.md §9: the brand is orange, modal headings are green; button sizes sm/md/lg and colours
// primary, secondary, danger, text, yellow, teal; modal sizes xs/sm/md/lg.
export const theme = {
  extend: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#fff7ed' },
          100: { value: '#ffedd5' },
          200: { value: '#fed7aa' },
          300: { value: '#fdba74' },
          400: { value: '#fb923c' },
          500: { value: '#f97316' },
          600: { value: '#ea580c' },
          700: { value: '#c2410c' },
          800: { value: '#9a3412' },
          900: { value: '#7c2d12' },
        },
      },
      fonts: {
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
      sizes: {
        sidebar: { value: '16rem' },
      },
      // The layers the components name (zIndex: 'modal', …). Without these tokens Panda wrote the names
      // themselves (`z-index: popover`), which browsers drop: lists then opened under later inputs.
      zIndex: {
        hide: { value: -1 },
        base: { value: 0 },
        dropdown: { value: 1000 },
        sticky: { value: 1100 },
        banner: { value: 1200 },
        overlay: { value: 1300 },
        modal: { value: 1400 },
        popover: { value: 1500 },
        skipLink: { value: 1600 },
        toast: { value: 1700 },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          canvas: { value: '{colors.white}' },
          subtle: { value: '{colors.gray.50}' },
          muted: { value: '{colors.gray.100}' },
        },
        fg: {
          default: { value: '{colors.gray.900}' },
          muted: { value: '{colors.gray.600}' },
          onBrand: { value: '{colors.white}' },
        },
        accent: {
          default: { value: '{colors.brand.600}' },
          emphasized: { value: '{colors.brand.700}' },
          subtle: { value: '{colors.brand.50}' },
        },
        heading: { modal: { value: '{colors.green.700}' } },
        border: { default: { value: '{colors.gray.200}' } },
        danger: { default: { value: '{colors.red.600}' }, fg: { value: '{colors.red.700}' } },
      },
    },
  },
};
