"""The Qt GUI: the GM window, the player view and the offscreen renderer. The only Qt code."""

from battlemap.desktop.gui.memory import keep_import_sources_out

keep_import_sources_out()  # before the GUI modules are imported: 13 MB less for good
