"""The Qt GUI: the GM window, the player view and the offscreen renderer. The only Qt code."""
