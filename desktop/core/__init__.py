"""The Qt-free core of the application, shared by the GUI and the headless CLI.

Battle state, edit commands with undo, file formats, and the pipeline that turns geometry
facts into rules inputs and outcome events. Nothing here imports PySide6 (an import-linter
contract checks it).
"""
