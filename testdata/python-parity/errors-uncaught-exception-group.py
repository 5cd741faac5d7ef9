import asyncio

async def validate(field, value):
    await asyncio.sleep(0.01)
    if not value:
        raise ValueError(f"{field} is required")
    return field

form = {"name": "Ada", "email": "", "phone": None}
async with asyncio.TaskGroup() as tg:
    for field, value in form.items():
        tg.create_task(validate(field, value))
print("form is valid")
