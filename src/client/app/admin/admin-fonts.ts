// The admin tree is its own bundle, so it brings its own fonts (fontsource: font-display swap).
import "@fontsource-variable/inter";
import "@fontsource/playfair-display/600.css";
import "./admin-fonts.css";
