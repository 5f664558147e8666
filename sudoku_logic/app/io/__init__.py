"""What the commands read and write: the entries a PUZZLE argument stands for (``reader``),
rows and JSON (``writer``), the standard streams as a shell hands them over (``streams``),
the settings file and ``--set`` (``settings``), and small words of messages (``words``).

The bottom room of the application: it imports the API and the layers below, no other room.
"""
