"""Miniatures followed by a webcam looking down at the table display (issue 30).

Qt-free, and imported only when the GM uses a camera: OpenCV (the optional extra
``battlemap[camera]``) and numpy come with it, never with the app's start.

- :mod:`.markers`: the ArUco dictionary, marker images, the sheet of base markers to print;
- :mod:`.calibration`: fiducials shown on the table display, their detection in a camera
  frame, the homography camera px -> display px and, composed with the player view's
  transform, camera px -> map cells; the reprojection error in millimetres on the table;
- :mod:`.tracking`: when a marker counts as a mini come to rest (the state machine);
- :mod:`.follow`: a settled mini moves its bound token through the drag's own tool;
- :mod:`.finder`: the base markers of every frame while following, fast enough for 30 fps;
- :mod:`.capture`: frames from a camera, a video file or a folder of images, read in one
  thread and the newest detected in another;
- :mod:`.synthetic`: rendered, warped and spoiled frames, and photographs of the printed
  sheet, for the tests and ``battlemap bench camera``.
"""
